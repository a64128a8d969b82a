//! Exact normal forms: an expression built from numbers, variables, `+ - * /` and integer
//! powers is a quotient of two polynomials, and two such quotients are equal exactly when
//! their cross products are.

use crate::calculus::differentiate;
use crate::expr::{Expr, Func};
use crate::poly::Poly;
use crate::rational::{ArithmeticError, Rational};

/// Why an expression has no exact normal form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotExact {
    /// It uses roots, functions, constants such as `pi`, or non-integer powers.
    NotRational,
    /// An integral: it is known only up to a constant.
    Integral,
    Arithmetic(ArithmeticError),
}

impl From<ArithmeticError> for NotExact {
    fn from(e: ArithmeticError) -> Self {
        NotExact::Arithmetic(e)
    }
}

/// The largest power expanded exactly; beyond it numbers are compared numerically.
const MAX_EXPONENT: i128 = 40;

/// `num / den` with a nonzero denominator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatFunc {
    pub num: Poly,
    pub den: Poly,
}

impl RatFunc {
    pub fn poly(p: Poly) -> Self {
        RatFunc {
            num: p,
            den: Poly::constant(Rational::ONE),
        }
    }

    fn constant(r: Rational) -> Self {
        RatFunc::poly(Poly::constant(r))
    }

    /// Keeps constant denominators folded into the numerator, so polynomials stay polynomials.
    fn normalised(num: Poly, den: Poly) -> Result<Self, NotExact> {
        if den.is_zero() {
            return Err(ArithmeticError::DivisionByZero.into());
        }
        match den.as_constant() {
            Some(c) => Ok(RatFunc::poly(num.scale(c.recip()?)?)),
            None => Ok(RatFunc { num, den }),
        }
    }

    pub fn as_poly(&self) -> Option<&Poly> {
        self.den.as_constant().map(|_| &self.num)
    }

    pub fn add(&self, o: &RatFunc) -> Result<RatFunc, NotExact> {
        if self.den == o.den {
            return RatFunc::normalised(self.num.add(&o.num)?, self.den.clone());
        }
        let num = self.num.mul(&o.den)?.add(&o.num.mul(&self.den)?)?;
        RatFunc::normalised(num, self.den.mul(&o.den)?)
    }

    pub fn neg(&self) -> Result<RatFunc, NotExact> {
        Ok(RatFunc {
            num: self.num.neg()?,
            den: self.den.clone(),
        })
    }

    pub fn sub(&self, o: &RatFunc) -> Result<RatFunc, NotExact> {
        self.add(&o.neg()?)
    }

    pub fn mul(&self, o: &RatFunc) -> Result<RatFunc, NotExact> {
        RatFunc::normalised(self.num.mul(&o.num)?, self.den.mul(&o.den)?)
    }

    pub fn div(&self, o: &RatFunc) -> Result<RatFunc, NotExact> {
        if o.num.is_zero() {
            return Err(ArithmeticError::DivisionByZero.into());
        }
        RatFunc::normalised(self.num.mul(&o.den)?, self.den.mul(&o.num)?)
    }

    fn pow(&self, exponent: i128) -> Result<RatFunc, NotExact> {
        let magnitude =
            u32::try_from(exponent.unsigned_abs()).map_err(|_| NotExact::NotRational)?;
        let raised = RatFunc::normalised(self.num.pow(magnitude)?, self.den.pow(magnitude)?)?;
        if exponent < 0 {
            RatFunc::constant(Rational::ONE).div(&raised)
        } else {
            Ok(raised)
        }
    }

    /// Whether both describe the same function (where both are defined).
    pub fn same_as(&self, o: &RatFunc) -> Result<bool, NotExact> {
        Ok(self.num.mul(&o.den)? == o.num.mul(&self.den)?)
    }
}

/// The exact normal form of `e`, with `d/dx` expanded.
pub fn to_ratfunc(e: &Expr) -> Result<RatFunc, NotExact> {
    match e {
        Expr::Num(r) => Ok(RatFunc::constant(*r)),
        Expr::Var(v) => Ok(RatFunc::poly(Poly::var(v))),
        Expr::Const(_) => Err(NotExact::NotRational),
        Expr::Neg(a) => to_ratfunc(a)?.neg(),
        Expr::Add(a, b) => to_ratfunc(a)?.add(&to_ratfunc(b)?),
        Expr::Sub(a, b) => to_ratfunc(a)?.sub(&to_ratfunc(b)?),
        Expr::Mul(a, b) => to_ratfunc(a)?.mul(&to_ratfunc(b)?),
        Expr::Div(a, b) => to_ratfunc(a)?.div(&to_ratfunc(b)?),
        Expr::Pow(base, exponent) => {
            let k = to_ratfunc(exponent)?
                .as_poly()
                .and_then(Poly::as_constant)
                .filter(|k| k.numer().abs() <= MAX_EXPONENT)
                .ok_or(NotExact::NotRational)?;
            if k.is_integer() {
                return to_ratfunc(base)?.pow(k.numer());
            }
            // `27^(1/3)`, `8^(2/3)`: a number's exact root, when it has one.
            let base = to_ratfunc(base)?
                .as_poly()
                .and_then(Poly::as_constant)
                .ok_or(NotExact::NotRational)?;
            let root = u32::try_from(k.denom())
                .ok()
                .and_then(|q| base.root(q))
                .ok_or(NotExact::NotRational)?;
            RatFunc::constant(root).pow(k.numer())
        }
        Expr::Func(f, a) => {
            let value = to_ratfunc(a)?
                .as_poly()
                .and_then(Poly::as_constant)
                .ok_or(NotExact::NotRational)?;
            let result = match f {
                Func::Sqrt => value.sqrt(),
                Func::Abs => value.abs().ok(),
                _ => None,
            };
            result.map(RatFunc::constant).ok_or(NotExact::NotRational)
        }
        Expr::Derivative { var, body } => to_ratfunc(&differentiate(body, var)),
        Expr::Integral { .. } => Err(NotExact::Integral),
    }
}

/// The polynomial normal form of `e`, if it is a polynomial.
pub fn to_poly(e: &Expr) -> Option<Poly> {
    to_ratfunc(e).ok()?.as_poly().cloned()
}

/// The exact value of a constant expression such as `1/2 + 3/4 * 2`.
pub fn to_rational(e: &Expr) -> Result<Rational, NotExact> {
    to_ratfunc(e)?
        .as_poly()
        .and_then(Poly::as_constant)
        .ok_or(NotExact::NotRational)
}
