//! Polynomials in any number of variables with exact rational coefficients: the normal form
//! in which two polynomial expressions are equal exactly when their terms are.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

use crate::expr::Expr;
use crate::rational::{ArithmeticError, Exact, Rational};

/// A product of variables with positive powers, kept sorted by variable name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Monomial(Vec<(String, u32)>);

impl Monomial {
    pub fn var(name: &str) -> Self {
        Monomial(vec![(name.to_string(), 1)])
    }

    pub fn degree(&self) -> u32 {
        self.0.iter().map(|(_, p)| p).sum()
    }

    pub fn power_of(&self, var: &str) -> u32 {
        self.0.iter().find(|(v, _)| v == var).map_or(0, |(_, p)| *p)
    }

    fn mul(&self, other: &Monomial) -> Monomial {
        let mut powers: BTreeMap<String, u32> = self.0.iter().cloned().collect();
        for (v, p) in &other.0 {
            *powers.entry(v.clone()).or_insert(0) += p;
        }
        Monomial(powers.into_iter().collect())
    }

    fn with_power(&self, var: &str, power: u32) -> Monomial {
        let mut powers: BTreeMap<String, u32> = self.0.iter().cloned().collect();
        if power == 0 {
            powers.remove(var);
        } else {
            powers.insert(var.to_string(), power);
        }
        Monomial(powers.into_iter().collect())
    }
}

impl fmt::Display for Monomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (v, p) in &self.0 {
            if *p == 1 {
                write!(f, "{v}")?;
            } else {
                write!(f, "{v}^{p}")?;
            }
        }
        Ok(())
    }
}

/// Beyond this many term products an expansion is abandoned (and compared numerically).
const MAX_TERM_PRODUCTS: usize = 100_000;

/// A polynomial with no zero coefficients stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Poly {
    terms: BTreeMap<Monomial, Rational>,
}

impl Poly {
    pub fn zero() -> Self {
        Poly::default()
    }

    pub fn constant(c: Rational) -> Self {
        let mut p = Poly::zero();
        p.insert(Monomial::default(), c);
        p
    }

    pub fn var(name: &str) -> Self {
        let mut p = Poly::zero();
        p.insert(Monomial::var(name), Rational::ONE);
        p
    }

    /// `coefficient * var^power`.
    pub fn term(coefficient: Rational, var: &str, power: u32) -> Self {
        let mut p = Poly::zero();
        p.insert(Monomial::default().with_power(var, power), coefficient);
        p
    }

    /// The single term `c * m`.
    pub fn single(m: &Monomial, c: Rational) -> Self {
        let mut p = Poly::zero();
        p.insert(m.clone(), c);
        p
    }

    fn insert(&mut self, m: Monomial, c: Rational) {
        if c.is_zero() {
            self.terms.remove(&m);
        } else {
            self.terms.insert(m, c);
        }
    }

    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &Rational)> {
        self.terms.iter()
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The value when the polynomial has no variables.
    pub fn as_constant(&self) -> Option<Rational> {
        match self.terms.len() {
            0 => Some(Rational::ZERO),
            1 => self.terms.get(&Monomial::default()).copied(),
            _ => None,
        }
    }

    pub fn coefficient(&self, m: &Monomial) -> Rational {
        self.terms.get(m).copied().unwrap_or(Rational::ZERO)
    }

    /// Coefficient of `var^power` in a polynomial in `var` alone.
    pub fn coefficient_of(&self, var: &str, power: u32) -> Rational {
        self.coefficient(&Monomial::default().with_power(var, power))
    }

    pub fn variables(&self) -> BTreeSet<String> {
        self.terms
            .keys()
            .flat_map(|m| m.0.iter().map(|(v, _)| v.clone()))
            .collect()
    }

    pub fn total_degree(&self) -> u32 {
        self.terms.keys().map(Monomial::degree).max().unwrap_or(0)
    }

    pub fn degree_in(&self, var: &str) -> u32 {
        self.terms
            .keys()
            .map(|m| m.power_of(var))
            .max()
            .unwrap_or(0)
    }

    pub fn add(&self, other: &Poly) -> Exact<Poly> {
        let mut out = self.clone();
        for (m, c) in &other.terms {
            let sum = out.coefficient(m).add(*c)?;
            out.insert(m.clone(), sum);
        }
        Ok(out)
    }

    pub fn sub(&self, other: &Poly) -> Exact<Poly> {
        self.add(&other.neg()?)
    }

    pub fn neg(&self) -> Exact<Poly> {
        self.scale(Rational::integer(-1))
    }

    pub fn scale(&self, k: Rational) -> Exact<Poly> {
        let mut out = Poly::zero();
        for (m, c) in &self.terms {
            out.insert(m.clone(), c.mul(k)?);
        }
        Ok(out)
    }

    pub fn mul(&self, other: &Poly) -> Exact<Poly> {
        if self.terms.len().saturating_mul(other.terms.len()) > MAX_TERM_PRODUCTS {
            return Err(ArithmeticError::Overflow);
        }
        let mut out = Poly::zero();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &other.terms {
                let m = m1.mul(m2);
                let sum = out.coefficient(&m).add(c1.mul(*c2)?)?;
                out.insert(m, sum);
            }
        }
        Ok(out)
    }

    pub fn pow(&self, exponent: u32) -> Exact<Poly> {
        let mut out = Poly::constant(Rational::ONE);
        for _ in 0..exponent {
            out = out.mul(self)?;
        }
        Ok(out)
    }

    pub fn derivative(&self, var: &str) -> Exact<Poly> {
        let mut out = Poly::zero();
        for (m, c) in &self.terms {
            let p = m.power_of(var);
            if p > 0 {
                let coefficient = c.mul(Rational::integer(i128::from(p)))?;
                out.insert(m.with_power(var, p - 1), coefficient);
            }
        }
        Ok(out)
    }

    /// The antiderivative with zero constant term (power rule term by term).
    pub fn antiderivative(&self, var: &str) -> Exact<Poly> {
        let mut out = Poly::zero();
        for (m, c) in &self.terms {
            let p = m.power_of(var) + 1;
            let coefficient = c.div(Rational::integer(i128::from(p)))?;
            out.insert(m.with_power(var, p), coefficient);
        }
        Ok(out)
    }

    /// Replaces `var` by a constant.
    pub fn evaluate_at(&self, var: &str, value: Rational) -> Exact<Poly> {
        let mut out = Poly::zero();
        for (m, c) in &self.terms {
            let factor = value.pow(i64::from(m.power_of(var)))?;
            let m = m.with_power(var, 0);
            let sum = out.coefficient(&m).add(c.mul(factor)?)?;
            out.insert(m, sum);
        }
        Ok(out)
    }

    /// `Some(k)` with `self = k * other` and `k` nonzero.
    pub fn ratio_to(&self, other: &Poly) -> Option<Rational> {
        let (m, c) = other.terms.iter().next()?;
        let k = self.coefficient(m).div(*c).ok()?;
        (!k.is_zero() && other.scale(k).ok()? == *self).then_some(k)
    }

    /// Least common multiple of the coefficient denominators.
    pub fn denominator_lcm(&self) -> Exact<i128> {
        self.terms
            .values()
            .try_fold(1i128, |acc, c| crate::rational::lcm_i128(acc, c.denom()))
    }

    /// Terms in display order: highest degree first, then earlier variables first.
    pub fn ordered(&self) -> Vec<(&Monomial, &Rational)> {
        let vars: Vec<String> = self.variables().into_iter().collect();
        let mut terms: Vec<_> = self.terms.iter().collect();
        terms.sort_by_key(|(m, _)| {
            let powers: Vec<u32> = vars.iter().map(|v| m.power_of(v)).collect();
            (std::cmp::Reverse(m.degree()), std::cmp::Reverse(powers))
        });
        terms
    }

    /// The polynomial as an expression tree that prints the same way.
    pub fn to_expr(&self) -> Expr {
        let mut out: Option<Expr> = None;
        for (m, c) in self.ordered() {
            let magnitude = c.abs().unwrap_or(*c);
            let term = term_expr(magnitude, m);
            out = Some(match out {
                None if c.is_negative() => Expr::neg(term),
                None => term,
                Some(acc) if c.is_negative() => Expr::sub(acc, term),
                Some(acc) => Expr::add(acc, term),
            });
        }
        out.unwrap_or(Expr::int(0))
    }
}

/// `c * m` for a positive `c`, shaped like the printed form (`3x^2/4`).
fn term_expr(c: Rational, m: &Monomial) -> Expr {
    let mono = m.0.iter().fold(None, |acc: Option<Expr>, (v, p)| {
        let factor = if *p == 1 {
            Expr::var(v)
        } else {
            Expr::pow(Expr::var(v), Expr::int(i128::from(*p)))
        };
        Some(match acc {
            None => factor,
            Some(a) => Expr::mul(a, factor),
        })
    });
    let Some(mono) = mono else {
        return Expr::Num(c);
    };
    let numerator = match c.numer() {
        1 => mono,
        n => Expr::mul(Expr::int(n), mono),
    };
    if c.denom() == 1 {
        numerator
    } else {
        Expr::div(numerator, Expr::int(c.denom()))
    }
}

fn format_term(c: Rational, m: &Monomial) -> String {
    let (numer, denom) = (c.numer().unsigned_abs(), c.denom());
    let numerator = match (numer, m.0.is_empty()) {
        (_, true) => numer.to_string(),
        (1, false) => m.to_string(),
        _ => format!("{numer}{m}"),
    };
    if denom == 1 {
        numerator
    } else {
        format!("{numerator}/{denom}")
    }
}

impl fmt::Display for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms = self.ordered();
        if terms.is_empty() {
            return f.write_str("0");
        }
        for (i, (m, c)) in terms.into_iter().enumerate() {
            let body = format_term(*c, m);
            match (i, c.is_negative()) {
                (0, true) => write!(f, "-{body}")?,
                (0, false) => f.write_str(&body)?,
                (_, true) => write!(f, " - {body}")?,
                (_, false) => write!(f, " + {body}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Poly {
        Poly::var("x")
    }

    #[test]
    fn expands_and_prints_in_descending_order() {
        let one = Poly::constant(Rational::ONE);
        let p = x().add(&one).unwrap().pow(2).unwrap();
        assert_eq!(p.to_string(), "x^2 + 2x + 1");
        let q = p.sub(&x().pow(2).unwrap()).unwrap();
        assert_eq!(q.to_string(), "2x + 1");
    }

    #[test]
    fn fractional_coefficients_print_as_quotients() {
        let p = x().pow(3).unwrap().antiderivative("x").unwrap();
        assert_eq!(p.to_string(), "x^4/4");
        let q = Poly::term(Rational::new(-3, 2).unwrap(), "x", 2);
        assert_eq!(q.to_string(), "-3x^2/2");
    }

    #[test]
    fn several_variables_print_by_degree_then_name() {
        let y = Poly::var("y");
        let p = x().add(&y).unwrap().pow(2).unwrap();
        assert_eq!(p.to_string(), "x^2 + 2xy + y^2");
    }
}
