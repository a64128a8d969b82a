//! Exact rational numbers on `i128` with every operation overflow-checked.

use std::cmp::Ordering;
use std::fmt;

use thiserror::Error;

/// Why an exact computation could not be completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ArithmeticError {
    #[error("the numbers grew too large for exact arithmetic")]
    Overflow,
    #[error("division by zero")]
    DivisionByZero,
}

pub type Exact<T> = Result<T, ArithmeticError>;

/// A fraction in lowest terms with a positive denominator. Every operation is checked and
/// returns [`ArithmeticError::Overflow`] rather than wrapping.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rational {
    num: i128,
    den: i128,
}

/// Greatest common divisor, non-negative.
pub fn gcd_i128(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    // Only gcd_i128(i128::MIN, 0) does not fit; callers treat it as overflow via checked ops.
    i128::try_from(a).unwrap_or(i128::MAX)
}

/// Least common multiple, non-negative.
pub fn lcm_i128(a: i128, b: i128) -> Exact<i128> {
    if a == 0 || b == 0 {
        return Ok(0);
    }
    (a / gcd_i128(a, b))
        .checked_mul(b)
        .map(i128::abs)
        .ok_or(ArithmeticError::Overflow)
}

fn overflow<T>(value: Option<T>) -> Exact<T> {
    value.ok_or(ArithmeticError::Overflow)
}

// The operations can overflow, so they return `Exact` results and cannot be the operator traits.
#[allow(clippy::should_implement_trait)]
impl Rational {
    pub const ZERO: Rational = Rational { num: 0, den: 1 };
    pub const ONE: Rational = Rational { num: 1, den: 1 };

    /// `num / den` in lowest terms.
    pub fn new(num: i128, den: i128) -> Exact<Self> {
        if den == 0 {
            return Err(ArithmeticError::DivisionByZero);
        }
        let g = gcd_i128(num, den).max(1);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = overflow(num.checked_neg())?;
            den = overflow(den.checked_neg())?;
        }
        Ok(Rational { num, den })
    }

    /// A whole number.
    pub const fn integer(n: i128) -> Self {
        Rational { num: n, den: 1 }
    }

    /// The numerator (carrying the sign).
    pub fn numer(&self) -> i128 {
        self.num
    }

    /// The denominator, always positive.
    pub fn denom(&self) -> i128 {
        self.den
    }

    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    pub fn is_one(&self) -> bool {
        self.num == 1 && self.den == 1
    }

    pub fn is_integer(&self) -> bool {
        self.den == 1
    }

    pub fn is_negative(&self) -> bool {
        self.num < 0
    }

    pub fn signum(&self) -> i128 {
        self.num.signum()
    }

    /// `self + other`.
    pub fn add(self, other: Self) -> Exact<Self> {
        let g = gcd_i128(self.den, other.den);
        let den = overflow((self.den / g).checked_mul(other.den))?;
        let left = overflow(self.num.checked_mul(other.den / g))?;
        let right = overflow(other.num.checked_mul(self.den / g))?;
        Rational::new(overflow(left.checked_add(right))?, den)
    }

    /// `self - other`.
    pub fn sub(self, other: Self) -> Exact<Self> {
        self.add(other.neg()?)
    }

    /// `self * other`.
    pub fn mul(self, other: Self) -> Exact<Self> {
        let g1 = gcd_i128(self.num, other.den).max(1);
        let g2 = gcd_i128(other.num, self.den).max(1);
        let num = overflow((self.num / g1).checked_mul(other.num / g2))?;
        let den = overflow((self.den / g2).checked_mul(other.den / g1))?;
        Rational::new(num, den)
    }

    /// `self / other`.
    pub fn div(self, other: Self) -> Exact<Self> {
        self.mul(other.recip()?)
    }

    /// `-self`.
    pub fn neg(self) -> Exact<Self> {
        Ok(Rational {
            num: overflow(self.num.checked_neg())?,
            den: self.den,
        })
    }

    /// `|self|`.
    pub fn abs(self) -> Exact<Self> {
        if self.num < 0 { self.neg() } else { Ok(self) }
    }

    /// `1 / self`.
    pub fn recip(self) -> Exact<Self> {
        Rational::new(self.den, self.num)
    }

    /// Square-and-multiply, so `1^999999999` costs a few dozen multiplications.
    pub fn pow(self, exponent: i64) -> Exact<Self> {
        let mut base = if exponent < 0 { self.recip()? } else { self };
        let mut remaining = exponent.unsigned_abs();
        let mut result = Rational::ONE;
        while remaining > 0 {
            if remaining & 1 == 1 {
                result = result.mul(base)?;
            }
            remaining >>= 1;
            if remaining > 0 {
                base = base.mul(base)?;
            }
        }
        Ok(result)
    }

    /// The exact square root when numerator and denominator are perfect squares.
    pub fn sqrt(self) -> Option<Self> {
        if self.num < 0 {
            return None;
        }
        let n = isqrt(self.num)?;
        let d = isqrt(self.den)?;
        Some(Rational { num: n, den: d })
    }

    /// The exact `n`-th root (n from 2 to 12) when numerator and denominator are perfect
    /// powers; an odd root of a negative number is negative.
    pub fn root(self, n: u32) -> Option<Self> {
        if !(2..=12).contains(&n) || (self.num < 0 && n.is_multiple_of(2)) {
            return None;
        }
        let root_of = |m: i128| -> Option<i128> {
            let guess = (m.unsigned_abs() as f64).powf(1.0 / f64::from(n)).round() as i128;
            (guess.saturating_sub(1)..=guess + 1).find_map(|r| {
                (r >= 0 && r.checked_pow(n) == Some(m.abs())).then_some(if m < 0 { -r } else { r })
            })
        };
        Some(Rational {
            num: root_of(self.num)?,
            den: root_of(self.den)?,
        })
    }

    /// The nearest floating-point value.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Reads a decimal literal such as `12`, `0.25` or `.5` exactly.
    pub fn from_decimal(text: &str) -> Exact<Self> {
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let mut num: i128 = 0;
        for c in whole.chars().chain(frac.chars()) {
            let digit = i128::from(c.to_digit(10).unwrap_or(0));
            num = overflow(num.checked_mul(10).and_then(|n| n.checked_add(digit)))?;
        }
        let den = overflow(10i128.checked_pow(frac.len() as u32))?;
        Rational::new(num, den)
    }

    /// The terminating decimal expansion, when there is one of reasonable length.
    pub fn to_decimal_string(self) -> Option<String> {
        let mut den = self.den;
        let (mut twos, mut fives) = (0u32, 0u32);
        while den % 2 == 0 {
            den /= 2;
            twos += 1;
        }
        while den % 5 == 0 {
            den /= 5;
            fives += 1;
        }
        if den != 1 {
            return None;
        }
        let places = twos.max(fives);
        if places > 12 {
            return None;
        }
        let scale = 10i128.checked_pow(places)?;
        let scaled = self.num.checked_mul(scale / self.den)?;
        let sign = if scaled < 0 { "-" } else { "" };
        let digits = scaled.unsigned_abs().to_string();
        if places == 0 {
            return Some(format!("{sign}{digits}"));
        }
        let padded = format!("{digits:0>width$}", width = places as usize + 1);
        let (int_part, frac_part) = padded.split_at(padded.len() - places as usize);
        Some(format!("{sign}{int_part}.{frac_part}"))
    }
}

fn isqrt(n: i128) -> Option<i128> {
    if n < 0 {
        return None;
    }
    let mut r = (n as f64).sqrt() as i128;
    while r > 0 && r.checked_mul(r).is_none_or(|sq| sq > n) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= n) {
        r += 1;
    }
    (r * r == n).then_some(r)
}

/// Splits `n = k^2 * m`, taking out every square factor up to 10^6 (so `m` is square-free for
/// all but very large `n`), for simplifying `sqrt(n)`.
pub fn square_part(n: i128) -> (i128, i128) {
    let (mut k, mut m) = (1i128, n);
    let mut f = 2i128;
    while f <= 1_000_000 && f.checked_mul(f).is_some_and(|sq| sq <= m) {
        while m % (f * f) == 0 {
            m /= f * f;
            k *= f;
        }
        f += 1;
    }
    (k, m)
}

impl From<i64> for Rational {
    fn from(n: i64) -> Self {
        Rational::integer(i128::from(n))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Self) -> Ordering {
        match (
            self.num.checked_mul(other.den),
            other.num.checked_mul(self.den),
        ) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self.to_f64().total_cmp(&other.to_f64()),
        }
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_kept_in_lowest_terms() {
        let half = Rational::new(2, 4).unwrap();
        assert_eq!(half, Rational::new(-1, -2).unwrap());
        assert_eq!(half.to_string(), "1/2");
        let sum = half.add(Rational::new(3, 4).unwrap()).unwrap();
        assert_eq!(sum.to_string(), "5/4");
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let big = Rational::integer(i128::MAX / 2);
        assert_eq!(big.mul(big), Err(ArithmeticError::Overflow));
    }

    #[test]
    fn decimals_convert_both_ways() {
        let r = Rational::from_decimal("0.125").unwrap();
        assert_eq!(r.to_string(), "1/8");
        assert_eq!(r.to_decimal_string().unwrap(), "0.125");
        assert_eq!(
            Rational::new(-3, 2).unwrap().to_decimal_string().unwrap(),
            "-1.5"
        );
        assert_eq!(Rational::new(1, 3).unwrap().to_decimal_string(), None);
    }

    #[test]
    fn square_roots_and_square_parts() {
        assert_eq!(
            Rational::new(9, 4).unwrap().sqrt(),
            Some(Rational::new(3, 2).unwrap())
        );
        assert_eq!(Rational::integer(8).sqrt(), None);
        assert_eq!(square_part(72), (6, 2));
    }
}
