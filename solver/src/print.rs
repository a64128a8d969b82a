//! Printing expressions in the notation the parser reads, so every printed step can be read
//! back by the checker: minimal brackets, implicit products (`2x`, `3(x - 1)`), `a - b` for
//! `a + (-b)`.

use std::fmt;
use std::ops::{Div, Mul, Neg};

use crate::expr::{Constant, Expr};
use crate::rational::Rational;

impl Expr {
    /// Prints with decimals instead of fractions wherever a number has a terminating expansion.
    pub fn to_decimal_string(&self) -> String {
        let mut out = String::new();
        Printer { decimals: true }.write(self, 0, &mut out);
        out
    }
}

/// Binding strength used for parenthesising: sums 1, products 2, powers 4, atoms 5.
pub(crate) fn precedence(e: &Expr, decimals: bool) -> u8 {
    match e {
        Expr::Add(..) | Expr::Sub(..) | Expr::Neg(_) => 1,
        Expr::Num(r) if r.is_negative() => 1,
        Expr::Num(r) if !(r.is_integer() || decimals && r.to_decimal_string().is_some()) => 2,
        Expr::Mul(..) | Expr::Div(..) => 2,
        Expr::Pow(..) => 4,
        _ => 5,
    }
}

struct Printer {
    decimals: bool,
}

impl Printer {
    fn number(&self, r: Rational) -> String {
        if self.decimals
            && let Some(d) = r.to_decimal_string()
        {
            return d;
        }
        r.to_string()
    }

    fn wrapped(&self, e: &Expr, min: u8) -> String {
        let mut s = String::new();
        self.write(e, min, &mut s);
        s
    }

    /// Writes `e`, in parentheses when it binds less tightly than `min` requires.
    fn write(&self, e: &Expr, min: u8, out: &mut String) {
        if let Some(positive) = leading_negative(e) {
            return self.write(&Expr::neg(positive), min, out);
        }
        if precedence(e, self.decimals) < min {
            out.push('(');
            self.write(e, 0, out);
            out.push(')');
            return;
        }
        match e {
            Expr::Num(r) => out.push_str(&self.number(*r)),
            Expr::Var(v) => out.push_str(v),
            Expr::Const(Constant::Pi) => out.push_str("pi"),
            Expr::Const(Constant::E) => out.push('e'),
            Expr::Neg(a) => {
                out.push('-');
                out.push_str(&self.wrapped(a, 2));
            }
            Expr::Add(a, b) => {
                self.write(a, 1, out);
                match negated(b) {
                    Some(positive) => {
                        out.push_str(" - ");
                        self.write(&positive, 2, out);
                    }
                    None => {
                        out.push_str(" + ");
                        self.write(b, 2, out);
                    }
                }
            }
            Expr::Sub(a, b) => {
                self.write(a, 1, out);
                out.push_str(" - ");
                self.write(b, 2, out);
            }
            Expr::Mul(a, b) => {
                let left = self.wrapped(a, 2);
                let right = self.wrapped(b, 2);
                let left = match a.as_ref() {
                    Expr::Num(_)
                        if precedence(a, self.decimals) == 2 && !starts_with_digit(&right) =>
                    {
                        format!("({left})")
                    }
                    _ => left,
                };
                out.push_str(&left);
                out.push_str(self.product_separator(&left, &right, b));
                out.push_str(&right);
            }
            Expr::Div(a, b) => {
                let left_minimum = match a.as_ref() {
                    Expr::Num(_) if precedence(a, self.decimals) == 2 => 3,
                    Expr::Div(..) => 3,
                    _ => 2,
                };
                self.write(a, left_minimum, out);
                out.push('/');
                self.write(b, 3, out);
            }
            Expr::Pow(a, b) => {
                self.write(a, 5, out);
                out.push('^');
                self.write(b, 4, out);
            }
            Expr::Func(f, a) => {
                out.push_str(f.name());
                out.push('(');
                self.write(a, 0, out);
                out.push(')');
            }
            Expr::Derivative { var, body } => {
                out.push_str(&format!("d/d{var}("));
                self.write(body, 0, out);
                out.push(')');
            }
            Expr::Integral { var, body } => {
                out.push_str("∫ ");
                self.write(body, 2, out);
                out.push_str(&format!(" d{var}"));
            }
        }
    }

    fn product_separator(&self, left: &str, right: &str, right_expr: &Expr) -> &'static str {
        let first = right.chars().next().unwrap_or(' ');
        let single_letter = matches!(right_expr, Expr::Var(_) | Expr::Pow(..))
            && first.is_alphabetic()
            && !right.starts_with("pi")
            && !right.starts_with('e');
        let ends_in_letter_or_digit = left.ends_with(|c: char| c.is_alphanumeric() || c == ')');
        let quotient = left.contains('/') && !left.starts_with('(');
        // Letters written together are read back one variable each, but a run of four or more
        // reads as a word, so longer products get a space.
        let letters_before = left.chars().rev().take_while(|c| c.is_alphabetic()).count();
        let letters_after = right.chars().take_while(|c| c.is_alphabetic()).count();
        if letters_before > 0 && letters_after > 0 && letters_before + letters_after >= 4 {
            " "
        } else if first == '(' && ends_in_letter_or_digit && !quotient {
            ""
        } else if first == '(' {
            " * "
        } else if single_letter && !left.contains(' ') {
            ""
        } else if first.is_ascii_digit() || first == '.' || left.contains(' ') {
            " * "
        } else {
            " "
        }
    }
}

fn starts_with_digit(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_digit())
}

/// `Some(x)` when `e` is `-x` (a negation or a negative number), so `a + e` prints as `a - x`.
fn negated(e: &Expr) -> Option<Expr> {
    match e {
        Expr::Neg(inner) => Some(inner.as_ref().clone()),
        Expr::Num(r) if r.is_negative() => r.neg().ok().map(Expr::Num),
        _ => leading_negative(e),
    }
}

/// `Some(x)` when a product or quotient starts with a negative factor, so `-2 * x` prints `-2x`.
fn leading_negative(e: &Expr) -> Option<Expr> {
    let (a, b, rebuild): (&Expr, &Expr, fn(Expr, Expr) -> Expr) = match e {
        Expr::Mul(a, b) => (a, b, Expr::mul),
        Expr::Div(a, b) => (a, b, Expr::div),
        _ => return None,
    };
    let positive = match a {
        Expr::Num(r) if r.is_negative() => Expr::Num(r.neg().ok()?),
        Expr::Neg(inner) => inner.as_ref().clone(),
        _ => leading_negative(a)?,
    };
    if matches!(e, Expr::Mul(..)) && positive == Expr::int(1) {
        return Some(b.clone());
    }
    Some(rebuild(positive, b.clone()))
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer { decimals: false }.write(self, 0, &mut out);
        f.write_str(&out)
    }
}
