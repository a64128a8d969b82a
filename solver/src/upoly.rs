//! Polynomials in one variable: greatest common divisors, square-free parts and Sturm
//! sequences, which together compare the real solution sets of two equations exactly.

use crate::poly::Poly;
use crate::rational::{ArithmeticError, Exact, Rational};

/// Coefficients from the constant term upwards, without trailing zeros.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UPoly(Vec<Rational>);

impl UPoly {
    pub fn new(mut coefficients: Vec<Rational>) -> Self {
        while coefficients.last().is_some_and(Rational::is_zero) {
            coefficients.pop();
        }
        UPoly(coefficients)
    }

    pub fn one() -> Self {
        UPoly(vec![Rational::ONE])
    }

    pub fn zero() -> Self {
        UPoly(Vec::new())
    }

    /// Reads `p` as a polynomial in `var`; `None` if other variables occur.
    pub fn from_poly(p: &Poly, var: &str) -> Option<Self> {
        let mut coefficients = vec![Rational::ZERO; p.degree_in(var) as usize + 1];
        for (m, c) in p.terms() {
            let power = m.power_of(var);
            if m.degree() != power {
                return None;
            }
            coefficients[power as usize] = *c;
        }
        Some(UPoly::new(coefficients))
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// Degree, with the zero polynomial given degree 0.
    pub fn degree(&self) -> usize {
        self.0.len().saturating_sub(1)
    }

    pub fn coefficient(&self, power: usize) -> Rational {
        self.0.get(power).copied().unwrap_or(Rational::ZERO)
    }

    fn lead(&self) -> Rational {
        self.0.last().copied().unwrap_or(Rational::ZERO)
    }

    pub fn mul(&self, other: &UPoly) -> Exact<UPoly> {
        if self.is_zero() || other.is_zero() {
            return Ok(UPoly::zero());
        }
        let mut out = vec![Rational::ZERO; self.0.len() + other.0.len() - 1];
        for (i, a) in self.0.iter().enumerate() {
            for (j, b) in other.0.iter().enumerate() {
                out[i + j] = out[i + j].add(a.mul(*b)?)?;
            }
        }
        Ok(UPoly::new(out))
    }

    fn scale(&self, k: Rational) -> Exact<UPoly> {
        Ok(UPoly::new(
            self.0.iter().map(|c| c.mul(k)).collect::<Exact<_>>()?,
        ))
    }

    pub fn monic(&self) -> Exact<UPoly> {
        if self.is_zero() {
            return Ok(self.clone());
        }
        self.scale(self.lead().recip()?)
    }

    pub fn derivative(&self) -> Exact<UPoly> {
        let coefficients = self
            .0
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, c)| c.mul(Rational::integer(i as i128)))
            .collect::<Exact<_>>()?;
        Ok(UPoly::new(coefficients))
    }

    /// Quotient and remainder of long division.
    pub fn div_rem(&self, divisor: &UPoly) -> Exact<(UPoly, UPoly)> {
        if divisor.is_zero() {
            return Err(ArithmeticError::DivisionByZero);
        }
        let mut rem = self.0.clone();
        let d = divisor.degree();
        let mut quotient = vec![Rational::ZERO; self.0.len().saturating_sub(d).max(1)];
        while rem.len() > d && !rem.is_empty() {
            let shift = rem.len() - 1 - d;
            let factor = rem[rem.len() - 1].div(divisor.lead())?;
            quotient[shift] = factor;
            for (i, c) in divisor.0.iter().enumerate() {
                rem[shift + i] = rem[shift + i].sub(factor.mul(*c)?)?;
            }
            rem.pop();
            while rem.last().is_some_and(Rational::is_zero) {
                rem.pop();
            }
        }
        Ok((UPoly::new(quotient), UPoly::new(rem)))
    }

    /// Monic greatest common divisor (zero only when both are zero).
    pub fn gcd(&self, other: &UPoly) -> Exact<UPoly> {
        let (mut a, mut b) = (self.monic()?, other.monic()?);
        while !b.is_zero() {
            let (_, r) = a.div_rem(&b)?;
            a = b;
            b = r.monic()?;
        }
        Ok(a)
    }

    /// The product of the distinct irreducible factors: same roots, each once.
    pub fn square_free(&self) -> Exact<UPoly> {
        if self.degree() == 0 {
            return self.monic();
        }
        let g = self.gcd(&self.derivative()?)?;
        self.div_rem(&g)?.0.monic()
    }

    pub fn eval_f64(&self, x: f64) -> f64 {
        self.0.iter().rev().fold(0.0, |acc, c| acc * x + c.to_f64())
    }

    /// Whether `x` is a root up to rounding, judged against the size of the terms.
    pub fn has_root_near(&self, x: f64) -> bool {
        let scale: f64 = self
            .0
            .iter()
            .enumerate()
            .map(|(i, c)| c.to_f64().abs() * x.abs().powi(i as i32))
            .sum();
        self.eval_f64(x).abs() <= 1e-9 * scale.max(1e-300)
    }

    /// Number of distinct real roots (Sturm's theorem). The zero polynomial has no count.
    pub fn real_root_count(&self) -> Exact<Option<usize>> {
        if self.is_zero() {
            return Ok(None);
        }
        let mut sequence = vec![self.clone(), self.derivative()?];
        while !sequence[sequence.len() - 1].is_zero() {
            let n = sequence.len();
            let (_, r) = sequence[n - 2].div_rem(&sequence[n - 1])?;
            sequence.push(r.scale(Rational::integer(-1))?);
        }
        sequence.pop();
        let sign_changes = |at_positive_infinity: bool| {
            let signs: Vec<i128> = sequence
                .iter()
                .map(|p| {
                    let s = p.lead().signum();
                    if at_positive_infinity || p.degree() % 2 == 0 {
                        s
                    } else {
                        -s
                    }
                })
                .filter(|s| *s != 0)
                .collect();
            signs.windows(2).filter(|w| w[0] != w[1]).count()
        };
        Ok(Some(sign_changes(false).saturating_sub(sign_changes(true))))
    }

    /// The rational roots of a polynomial of degree at most two, in increasing order.
    pub fn small_rational_roots(&self) -> Exact<Option<Vec<Rational>>> {
        match self.degree() {
            0 => Ok(Some(Vec::new())),
            1 => Ok(Some(vec![
                self.coefficient(0).neg()?.div(self.coefficient(1))?,
            ])),
            2 => {
                let (a, b, c) = (
                    self.coefficient(2),
                    self.coefficient(1),
                    self.coefficient(0),
                );
                let disc = b.mul(b)?.sub(Rational::integer(4).mul(a)?.mul(c)?)?;
                if disc.is_negative() {
                    return Ok(Some(Vec::new()));
                }
                let Some(s) = disc.sqrt() else {
                    return Ok(None);
                };
                let two_a = Rational::integer(2).mul(a)?;
                let mut roots = vec![b.neg()?.sub(s)?.div(two_a)?, b.neg()?.add(s)?.div(two_a)?];
                roots.sort();
                roots.dedup();
                Ok(Some(roots))
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(coefficients: &[i128]) -> UPoly {
        UPoly::new(coefficients.iter().map(|c| Rational::integer(*c)).collect())
    }

    #[test]
    fn gcd_finds_the_common_factor() {
        // (x - 2)(x - 3) and (x - 2)(x + 1)
        let g = poly(&[6, -5, 1]).gcd(&poly(&[-2, -1, 1])).unwrap();
        assert_eq!(g, poly(&[-2, 1]));
    }

    #[test]
    fn square_free_part_drops_repeated_roots() {
        // (x - 3)^2 -> x - 3
        assert_eq!(poly(&[9, -6, 1]).square_free().unwrap(), poly(&[-3, 1]));
    }

    #[test]
    fn sturm_counts_distinct_real_roots() {
        assert_eq!(poly(&[6, -5, 1]).real_root_count().unwrap(), Some(2));
        assert_eq!(poly(&[1, 0, 1]).real_root_count().unwrap(), Some(0));
        assert_eq!(poly(&[9, -6, 1]).real_root_count().unwrap(), Some(1));
        // x^3 - x has roots -1, 0, 1
        assert_eq!(poly(&[0, -1, 0, 1]).real_root_count().unwrap(), Some(3));
    }
}
