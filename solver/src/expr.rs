//! The expression tree.

use std::collections::BTreeSet;

use crate::rational::Rational;

/// The functions the parser knows; `log` is base 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Sqrt,
    Sin,
    Cos,
    Tan,
    Ln,
    Log,
    Exp,
    Abs,
}

impl Func {
    /// The name as typed, e.g. `sqrt`.
    pub fn name(self) -> &'static str {
        match self {
            Func::Sqrt => "sqrt",
            Func::Sin => "sin",
            Func::Cos => "cos",
            Func::Tan => "tan",
            Func::Ln => "ln",
            Func::Log => "log",
            Func::Exp => "exp",
            Func::Abs => "abs",
        }
    }

    /// The function with this name.
    pub fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "sqrt" => Func::Sqrt,
            "sin" => Func::Sin,
            "cos" => Func::Cos,
            "tan" => Func::Tan,
            "ln" => Func::Ln,
            "log" => Func::Log,
            "exp" => Func::Exp,
            "abs" => Func::Abs,
            _ => return None,
        })
    }
}

/// Named constants: `pi` (or `π`) and `e`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constant {
    /// 3.14159...
    Pi,
    /// Euler's number 2.71828...; the letter `e` is always this constant, never a variable.
    E,
}

/// A parsed mathematical expression.
#[derive(Debug, Clone, PartialEq)]
///
/// Build trees with the constructors and the operators `+ - * /` and unary `-`
/// (`Expr::int(2) * Expr::var("x")`); print them with `Display`, which writes notation that
/// [`crate::parse_expression`] reads back.
pub enum Expr {
    /// An exact number; decimals are read as fractions (`0.25` is `1/4`).
    Num(Rational),
    /// A one-letter variable.
    Var(String),
    /// `pi` or `e`.
    Const(Constant),
    /// `-a`.
    Neg(Box<Expr>),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`, also written `ab`, `2x` or `3(x - 1)`.
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b`.
    Div(Box<Expr>, Box<Expr>),
    /// `a ^ b`.
    Pow(Box<Expr>, Box<Expr>),
    /// `f(a)`.
    Func(Func, Box<Expr>),
    /// `d/dvar (body)`.
    Derivative {
        /// The variable of differentiation.
        var: String,
        /// What is differentiated.
        body: Box<Expr>,
    },
    /// `∫ body dvar`, an antiderivative defined up to a constant.
    Integral {
        /// The variable of integration.
        var: String,
        /// The integrand.
        body: Box<Expr>,
    },
}

impl Expr {
    /// A whole number.
    pub fn int(n: i128) -> Expr {
        Expr::Num(Rational::integer(n))
    }

    /// A variable.
    pub fn var(name: &str) -> Expr {
        Expr::Var(name.to_string())
    }

    /// `a ^ b`.
    pub fn pow(a: Expr, b: Expr) -> Expr {
        Expr::Pow(Box::new(a), Box::new(b))
    }

    /// `f(a)`.
    pub fn func(f: Func, a: Expr) -> Expr {
        Expr::Func(f, Box::new(a))
    }

    /// `d/dvar (body)`.
    pub fn derivative(var: &str, body: Expr) -> Expr {
        Expr::Derivative {
            var: var.to_string(),
            body: Box::new(body),
        }
    }

    /// `∫ body dvar`.
    pub fn integral(var: &str, body: Expr) -> Expr {
        Expr::Integral {
            var: var.to_string(),
            body: Box::new(body),
        }
    }

    /// Free variables, i.e. letters other than the constants `pi` and `e`.
    pub fn variables(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.collect_variables(&mut out);
        out
    }

    fn collect_variables(&self, out: &mut BTreeSet<String>) {
        match self {
            Expr::Var(v) => {
                out.insert(v.clone());
            }
            Expr::Num(_) | Expr::Const(_) => {}
            Expr::Neg(a) | Expr::Func(_, a) => a.collect_variables(out),
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Pow(a, b) => {
                a.collect_variables(out);
                b.collect_variables(out);
            }
            Expr::Derivative { var, body } | Expr::Integral { var, body } => {
                out.insert(var.clone());
                body.collect_variables(out);
            }
        }
    }

    /// Whether an `∫ ... dx` occurs anywhere inside.
    pub fn contains_integral(&self) -> bool {
        self.any(&|e| matches!(e, Expr::Integral { .. }))
    }

    /// Whether `pred` holds for this node or any node below it.
    pub fn any(&self, pred: &dyn Fn(&Expr) -> bool) -> bool {
        if pred(self) {
            return true;
        }
        match self {
            Expr::Num(_) | Expr::Var(_) | Expr::Const(_) => false,
            Expr::Neg(a) | Expr::Func(_, a) => a.any(pred),
            Expr::Add(a, b)
            | Expr::Sub(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Pow(a, b) => a.any(pred) || b.any(pred),
            Expr::Derivative { body, .. } | Expr::Integral { body, .. } => body.any(pred),
        }
    }

    /// Replaces every occurrence of variable `name` by `value`.
    pub fn substitute(&self, name: &str, value: &Expr) -> Expr {
        let sub = |e: &Expr| Box::new(e.substitute(name, value));
        match self {
            Expr::Var(v) if v == name => value.clone(),
            Expr::Num(_) | Expr::Var(_) | Expr::Const(_) => self.clone(),
            Expr::Neg(a) => Expr::Neg(sub(a)),
            Expr::Func(f, a) => Expr::Func(*f, sub(a)),
            Expr::Add(a, b) => Expr::Add(sub(a), sub(b)),
            Expr::Sub(a, b) => Expr::Sub(sub(a), sub(b)),
            Expr::Mul(a, b) => Expr::Mul(sub(a), sub(b)),
            Expr::Div(a, b) => Expr::Div(sub(a), sub(b)),
            Expr::Pow(a, b) => Expr::Pow(sub(a), sub(b)),
            Expr::Derivative { var, body } if var != name => Expr::Derivative {
                var: var.clone(),
                body: sub(body),
            },
            Expr::Integral { var, body } if var != name => Expr::Integral {
                var: var.clone(),
                body: sub(body),
            },
            Expr::Derivative { .. } | Expr::Integral { .. } => self.clone(),
        }
    }
}

macro_rules! binary_operator {
    ($trait:ident, $method:ident, $variant:ident) => {
        impl std::ops::$trait for Expr {
            type Output = Expr;

            fn $method(self, rhs: Expr) -> Expr {
                Expr::$variant(Box::new(self), Box::new(rhs))
            }
        }
    };
}

binary_operator!(Add, add, Add);
binary_operator!(Sub, sub, Sub);
binary_operator!(Mul, mul, Mul);
binary_operator!(Div, div, Div);

impl std::ops::Neg for Expr {
    type Output = Expr;

    fn neg(self) -> Expr {
        Expr::Neg(Box::new(self))
    }
}
