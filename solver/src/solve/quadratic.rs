//! Quadratic equations: standard form, then factoring when the roots are rational, the
//! quadratic formula otherwise, and an honest statement when there are no real roots.

use super::Equation;
use super::error::SolveError;
use super::linear::{expand_rule, needs_expanding};
use super::steps::{Step, Steps, number, written};
use crate::exact::to_poly;
use crate::poly::Poly;
use crate::rational::{Rational, gcd_i128, square_part};

pub(super) fn solve(eq: Equation<'_>) -> Result<(Vec<Step>, String), SolveError> {
    let (left, right, var, decimals) = (eq.left, eq.right, eq.var, eq.decimals);
    let (Some(l), Some(r)) = (to_poly(left), to_poly(right)) else {
        return Err(SolveError::NeedsLanguageModel {
            reason: "the equation is not a polynomial equation".into(),
        });
    };
    let mut steps = Steps::default();
    let mut current = written(left, right, decimals);
    let mut p = l.sub(&r)?;
    let standard = |p: &Poly| format!("{p} = 0");
    if !r.is_zero() || needs_expanding(left, &l) {
        let (rule, narration) = if r.is_zero() {
            expand_rule(&[left])
        } else {
            (
                "Move every term to one side",
                "A quadratic is solved from the form a x^2 + b x + c = 0, so subtract the right side from both sides.",
            )
        };
        steps.push(&current, standard(&p), rule, narration);
        current = standard(&p);
    }
    let lcm = p.denominator_lcm()?;
    if lcm > 1 {
        p = p.scale(Rational::integer(lcm))?;
        steps.push(
            &current,
            standard(&p),
            format!("Multiply both sides by {lcm}"),
            "Clearing the fractions gives whole-number coefficients.",
        );
        current = standard(&p);
    }
    if p.coefficient_of(var, 2).is_negative() {
        p = p.neg()?;
        steps.push(
            &current,
            standard(&p),
            "Multiply both sides by -1",
            format!("This makes the {var}^2 coefficient positive."),
        );
        current = standard(&p);
    }
    let coefficient = |p: &Poly, k| p.coefficient_of(var, k).numer();
    let content = gcd_i128(
        gcd_i128(coefficient(&p, 2), coefficient(&p, 1)),
        coefficient(&p, 0),
    );
    if content > 1 {
        p = p.scale(Rational::new(1, content)?)?;
        steps.push(
            &current,
            standard(&p),
            format!("Divide both sides by {content}"),
            format!("Every coefficient is a multiple of {content}."),
        );
        current = standard(&p);
    }
    let (a, b, c) = (coefficient(&p, 2), coefficient(&p, 1), coefficient(&p, 0));
    let disc = b
        .checked_mul(b)
        .zip(a.checked_mul(c).and_then(|ac| ac.checked_mul(4)))
        .and_then(|(bb, ac4)| bb.checked_sub(ac4))
        .ok_or(crate::rational::ArithmeticError::Overflow)?;
    let answer = match Rational::integer(disc).sqrt() {
        Some(root) => factoring(&mut steps, &current, var, (a, b, c), root.numer(), decimals)?,
        None => formula(&mut steps, &current, var, (a, b, c), disc)?,
    };
    Ok((steps.into_vec(), answer))
}

/// The factor `q x - p` for the root `p/q`, printed; `x` alone for the root 0.
fn factor_for(root: Rational, var: &str) -> Result<Poly, SolveError> {
    Ok(Poly::term(Rational::integer(root.denom()), var, 1)
        .sub(&Poly::constant(Rational::integer(root.numer())))?)
}

fn bracket(f: &Poly) -> String {
    if f.terms().count() == 1 {
        f.to_string()
    } else {
        format!("({f})")
    }
}

fn factoring(
    steps: &mut Steps,
    current: &str,
    var: &str,
    (a, b, c): (i128, i128, i128),
    root_of_disc: i128,
    decimals: bool,
) -> Result<String, SolveError> {
    let two_a = Rational::integer(2).mul(Rational::integer(a))?;
    let minus_b = Rational::integer(b).neg()?;
    let root = Rational::integer(root_of_disc);
    let r1 = minus_b.sub(root)?.div(two_a)?;
    let r2 = minus_b.add(root)?.div(two_a)?;
    let (f1, f2) = (factor_for(r1, var)?, factor_for(r2, var)?);
    if r1 == r2 {
        let factored = if f1.terms().count() == 1 {
            format!("{f1}^2 = 0")
        } else {
            format!("({f1})^2 = 0")
        };
        steps.push(
            current,
            &factored,
            "Factor as a perfect square",
            "The left side is a perfect square trinomial, so the equation has one repeated root.",
        );
        let zero = format!("{f1} = 0");
        steps.push(
            &factored,
            &zero,
            "A square is zero only when its base is zero",
            "Take the square root of both sides.",
        );
        let answer = format!("{var} = {}", number(r1, decimals));
        steps.push(
            &zero,
            &answer,
            "Solve the linear equation",
            format!("The root {var} = {r1} is a double root."),
        );
        return Ok(answer);
    }
    // Put a lone `x` factor first: x(x - 5) reads better than (x - 5)x.
    let (f1, f2) = if f2.terms().count() == 1 {
        (f2, f1)
    } else {
        (f1, f2)
    };
    let factored = format!("{}{} = 0", bracket(&f1), bracket(&f2));
    let (rule, narration) = if c == 0 {
        (
            format!("Factor out {var}"),
            format!("Every term contains {var}, so take it out as a common factor."),
        )
    } else if b == 0 {
        (
            "Factor as a difference of squares".to_string(),
            "A difference of two squares factors as (u - v)(u + v).".to_string(),
        )
    } else if a == 1 {
        let (m, n) = (r1.neg()?, r2.neg()?);
        (
            format!("Factor: find two numbers that multiply to {c} and add to {b}"),
            format!("{m} and {n} multiply to {c} and add to {b}, so they give the two factors."),
        )
    } else {
        (
            "Factor the trinomial".to_string(),
            format!(
                "Look for two binomials whose product gives back {a}{var}^2, the middle term and the constant."
            ),
        )
    };
    steps.push(current, &factored, rule, narration);
    let zero = format!("{f1} = 0 or {f2} = 0");
    steps.push(
        &factored,
        &zero,
        "Zero product property: set each factor equal to zero",
        "A product is zero only when one of its factors is zero.",
    );
    let answer = format!(
        "{var} = {}, {var} = {}",
        number(r1, decimals),
        number(r2, decimals)
    );
    steps.push(
        &zero,
        format!("{var} = {r1} or {var} = {r2}"),
        "Solve each linear equation",
        format!("So {var} = {r1} or {var} = {r2}."),
    );
    Ok(answer)
}

/// `p ± k sqrt(m)` over `d`, printed with `sign` standing for `+`, `-` or `±`; with
/// `imaginary`, `p ± k i sqrt(m)`.
fn root_text(p: i128, sign: &str, (k, m): (i128, i128), d: i128, imaginary: bool) -> String {
    let unit = if imaginary { "i" } else { "" };
    let radical = match (k, m) {
        (1, 1) => unit.to_string(),
        (k, 1) => format!("{k}{unit}"),
        (1, m) if imaginary => format!("i sqrt({m})"),
        (1, m) => format!("sqrt({m})"),
        (k, m) => format!("{k}{unit} sqrt({m})"),
    };
    let numerator = if p == 0 {
        let lead = if sign == "+" { "" } else { sign };
        format!("{lead}{radical}")
    } else {
        format!("{p} {sign} {radical}")
    };
    match (d, p) {
        (1, _) => numerator,
        (_, 0) => format!("{numerator}/{d}"),
        _ => format!("({numerator})/{d}"),
    }
}

fn formula(
    steps: &mut Steps,
    current: &str,
    var: &str,
    (a, b, c): (i128, i128, i128),
    disc: i128,
) -> Result<String, SolveError> {
    steps.push(
        format!("({b})^2 - 4({a})({c})"),
        disc.to_string(),
        format!("Compute the discriminant b^2 - 4ac with a = {a}, b = {b}, c = {c}"),
        "The discriminant tells how many real solutions there are.",
    );
    if disc < 0 {
        let (k, m) = square_part(-disc);
        let g = gcd_i128(gcd_i128(b, k), 2 * a);
        let (p, k, d) = (-b / g, k / g, 2 * a / g);
        let imaginary = root_text(p, "±", (k, m), d, true);
        steps.push(
            current,
            "no real solutions",
            "A negative discriminant means there are no real solutions",
            format!(
                "The discriminant {disc} is negative, so its square root is not a real number and the parabola never meets the {var}-axis; over the complex numbers the solutions are {var} = {imaginary}."
            ),
        );
        return Ok("no real solutions".into());
    }
    let applied = format!("{var} = {}", root_text(-b, "±", (1, disc), 2 * a, false));
    steps.push(
        current,
        &applied,
        "Quadratic formula: x = (-b ± sqrt(b^2 - 4ac)) / (2a)",
        format!("Substitute a = {a}, b = {b} and the discriminant {disc} into the formula."),
    );
    let mut shown = applied;
    let (k, m) = square_part(disc);
    if k > 1 {
        let simplified = format!("{var} = {}", root_text(-b, "±", (k, m), 2 * a, false));
        steps.push(
            &shown,
            &simplified,
            format!("Simplify the square root: sqrt({disc}) = {k} sqrt({m})"),
            format!(
                "{disc} = {}^2 × {m}, so a factor {k} comes out of the root.",
                k
            ),
        );
        shown = simplified;
    }
    let g = gcd_i128(gcd_i128(b, k), 2 * a);
    let (p, k, d) = (-b / g, k / g, 2 * a / g);
    if g > 1 {
        let reduced = format!("{var} = {}", root_text(p, "±", (k, m), d, false));
        steps.push(
            &shown,
            &reduced,
            format!("Divide the top and bottom by {g}"),
            "Cancel the common factor to simplify the fraction.",
        );
    }
    Ok(format!(
        "{var} = {}, {var} = {}",
        root_text(p, "-", (k, m), d, false),
        root_text(p, "+", (k, m), d, false)
    ))
}
