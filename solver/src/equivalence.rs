//! Deciding whether two expressions are equal, or two sets of equations have the same
//! solutions: exactly where the mathematics allows, numerically otherwise.

use std::collections::BTreeSet;
use std::ops::Sub;

use crate::calculus::differentiate;
use crate::exact::{NotExact, RatFunc, to_ratfunc};
use crate::expr::Expr;
use crate::linear::{LinearSystem, SolutionKind};
use crate::numeric::{Points, close, eval};
use crate::rational::ArithmeticError;
use crate::roots::{Comparison, compare, describe, root_set};
use crate::sets::{self, Rules};
use crate::statement::Condition;
use crate::verdict::{Method, Verdict, all_of};

const SAMPLES: usize = 48;
const NEEDED: usize = 12;

/// Whether `a` and `b` are the same expression. Integrals are compared by their derivatives,
/// so they are equal up to a constant.
pub fn expressions(a: &Expr, b: &Expr) -> Verdict {
    if a.contains_integral() || b.contains_integral() {
        let vars = integral_variables(a)
            .union(&integral_variables(b))
            .cloned()
            .collect::<Vec<_>>();
        let [var] = vars.as_slice() else {
            return Verdict::Unknown("integrals in several variables are not compared".into());
        };
        return match expressions(&differentiate(a, var), &differentiate(b, var)) {
            Verdict::Different(_) => {
                Verdict::Different(format!("'{a}' and '{b}' do not differ by a constant"))
            }
            other => other,
        };
    }
    match (to_ratfunc(a), to_ratfunc(b)) {
        (Ok(x), Ok(y)) => match x.same_as(&y) {
            Ok(true) => Verdict::Same(Method::Exact),
            Ok(false) => Verdict::Different(difference(a, b, &x, &y)),
            Err(_) => numerically(a, b),
        },
        (Err(NotExact::Arithmetic(ArithmeticError::DivisionByZero)), _) => {
            Verdict::Different(format!("'{a}' divides by zero"))
        }
        (_, Err(NotExact::Arithmetic(ArithmeticError::DivisionByZero))) => {
            Verdict::Different(format!("'{b}' divides by zero"))
        }
        _ => numerically(a, b),
    }
}

/// Whether each expression of a chain `a = b = c` is the same as the next.
pub fn chain_consistency(chain: &[Expr]) -> Verdict {
    all_of(chain.windows(2).map(|w| expressions(&w[0], &w[1])))
}

fn integral_variables(e: &Expr) -> BTreeSet<String> {
    let mut vars = BTreeSet::new();
    collect_integral_variables(e, &mut vars);
    vars
}

fn collect_integral_variables(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Integral { var, body } => {
            out.insert(var.clone());
            collect_integral_variables(body, out);
        }
        Expr::Num(_) | Expr::Var(_) | Expr::Const(_) => {}
        Expr::Neg(a) | Expr::Func(_, a) | Expr::Derivative { body: a, .. } => {
            collect_integral_variables(a, out)
        }
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) | Expr::Pow(a, b) => {
            collect_integral_variables(a, out);
            collect_integral_variables(b, out);
        }
    }
}

fn difference(a: &Expr, b: &Expr, x: &RatFunc, y: &RatFunc) -> String {
    let constant = |r: &RatFunc| r.as_poly().and_then(|p| p.as_constant());
    if let (Some(va), Some(vb)) = (constant(x), constant(y)) {
        return format!("'{a}' equals {va} but '{b}' equals {vb}");
    }
    match x.sub(y).ok().and_then(|d| d.as_poly().cloned()) {
        Some(d) => format!("'{a}' minus '{b}' is {d}, not 0"),
        None => format!("'{a}' and '{b}' are different expressions"),
    }
}

fn numerically(a: &Expr, b: &Expr) -> Verdict {
    let vars: Vec<String> = a.variables().union(&b.variables()).cloned().collect();
    let mut points = Points::new();
    let mut agreed = 0;
    for i in 0..SAMPLES {
        let point = points.next_point(&vars, i);
        let (va, vb) = (eval(a, &point), eval(b, &point));
        if !va.is_finite() || !vb.is_finite() {
            continue;
        }
        if !close(va, vb) {
            let at: Vec<String> = point.iter().map(|(k, v)| format!("{k} = {v:.4}")).collect();
            let at = if at.is_empty() {
                String::new()
            } else {
                format!(" at {}", at.join(", "))
            };
            return Verdict::Different(format!("'{a}' gives {va:.6} but '{b}' gives {vb:.6}{at}"));
        }
        agreed += 1;
        if agreed >= 2 * NEEDED || vars.is_empty() {
            break;
        }
    }
    if agreed >= NEEDED || (vars.is_empty() && agreed > 0) {
        Verdict::Same(Method::Numeric)
    } else {
        Verdict::Unknown(format!(
            "'{a}' and '{b}' could not be evaluated at enough points"
        ))
    }
}

pub fn condition_variables(c: &Condition) -> BTreeSet<String> {
    match c {
        Condition::Eq(parts) | Condition::Ineq(parts, _) => {
            parts.iter().flat_map(Expr::variables).collect()
        }
        Condition::Intervals(intervals) => intervals
            .iter()
            .flat_map(|i| [&i.low.value, &i.high.value])
            .flatten()
            .flat_map(Expr::variables)
            .collect(),
        Condition::All(items) | Condition::Any(items) => {
            items.iter().flat_map(condition_variables).collect()
        }
        Condition::NoSolution | Condition::Infinite => BTreeSet::new(),
    }
}

/// Whether `a` and `b` have the same solutions in the unknowns `unknowns` (other letters
/// are treated as unknowns too).
pub fn conditions(a: &Condition, b: &Condition, unknowns: &[String]) -> Verdict {
    conditions_with(a, b, unknowns, Rules::default())
}

/// [`conditions`], with the rules for a step or a problem about lengths.
pub fn conditions_with(a: &Condition, b: &Condition, unknowns: &[String], rules: Rules) -> Verdict {
    let mut vars: BTreeSet<String> = unknowns.iter().cloned().collect();
    vars.extend(condition_variables(a));
    vars.extend(condition_variables(b));
    let vars: Vec<String> = vars.into_iter().collect();
    match vars.as_slice() {
        [] => one_variable(a, b, "x", rules),
        [var] => one_variable(a, b, var, rules),
        _ => several_variables(a, b, &vars),
    }
}

fn one_variable(a: &Condition, b: &Condition, var: &str, rules: Rules) -> Verdict {
    let (Some(sa), Some(sb)) = (root_set(a, var), root_set(b, var)) else {
        return sets::compare(a, b, var, rules);
    };
    let exact = match compare(&sa, &sb) {
        Comparison::Same { exact: true } => Verdict::Same(Method::Exact),
        Comparison::Same { exact: false } => Verdict::Same(Method::Numeric),
        Comparison::Different => Verdict::Different(format!(
            "the solutions changed: before it had {}, after it has {}",
            describe(&sa, var),
            describe(&sb, var)
        )),
        Comparison::Unknown => Verdict::Unknown("the solution sets could not be compared".into()),
    };
    // Lengths are positive: `c = 5` answers `c^2 = 25` when `c` is a side.
    match exact {
        Verdict::Different(_) if rules.positive_only => match sets::compare(a, b, var, rules) {
            Verdict::Same(m) => Verdict::Same(m),
            _ => exact,
        },
        _ => exact,
    }
}

fn several_variables(a: &Condition, b: &Condition, vars: &[String]) -> Verdict {
    let linear = |c: &Condition| LinearSystem::from_condition(c, vars);
    match (a, b) {
        (Condition::NoSolution, other) | (other, Condition::NoSolution) => {
            match linear(other).map(|s| s.solution_kind()) {
                Some(Ok(SolutionKind::None)) => Verdict::Same(Method::Exact),
                Some(Ok(kind)) => {
                    Verdict::Different(format!("the system has {}", describe_kind(&kind, vars)))
                }
                _ => Verdict::Unknown("only linear systems are compared".into()),
            }
        }
        (Condition::Infinite, other) | (other, Condition::Infinite) => {
            match linear(other).map(|s| s.solution_kind()) {
                Some(Ok(SolutionKind::Infinite)) => Verdict::Same(Method::Exact),
                Some(Ok(kind)) => {
                    Verdict::Different(format!("the system has {}", describe_kind(&kind, vars)))
                }
                _ => Verdict::Unknown("only linear systems are compared".into()),
            }
        }
        _ => match (linear(a), linear(b)) {
            (Some(sa), Some(sb)) => linear_systems(&sa, &sb),
            _ => proportional(a, b),
        },
    }
}

fn linear_systems(a: &LinearSystem, b: &LinearSystem) -> Verdict {
    match (a.augmented(), b.augmented()) {
        (Ok(ra), Ok(rb)) if ra == rb => Verdict::Same(Method::Exact),
        (Ok(_), Ok(_)) => {
            let kinds = (a.solution_kind(), b.solution_kind());
            match kinds {
                (Ok(ka), Ok(kb)) => Verdict::Different(format!(
                    "the solutions changed: before it had {}, after it has {}",
                    describe_kind(&ka, &a.vars),
                    describe_kind(&kb, &b.vars)
                )),
                _ => Verdict::Different("the solutions changed".into()),
            }
        }
        _ => Verdict::Unknown("the numbers grew too large to compare exactly".into()),
    }
}

pub fn describe_kind(kind: &SolutionKind, vars: &[String]) -> String {
    match kind {
        SolutionKind::None => "no solution".into(),
        SolutionKind::Infinite => "infinitely many solutions".into(),
        SolutionKind::Unique(values) => vars
            .iter()
            .zip(values)
            .map(|(v, x)| format!("{v} = {x}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Single non-linear equations in several variables: same when one side minus the other is
/// a nonzero constant multiple of the other's.
fn proportional(a: &Condition, b: &Condition) -> Verdict {
    let difference = |c: &Condition| match c {
        Condition::Eq(parts) if parts.len() == 2 => {
            to_ratfunc(&Expr::sub(parts[0].clone(), parts[1].clone())).ok()
        }
        _ => None,
    };
    if let (Some(da), Some(db)) = (difference(a), difference(b))
        && let (Ok(x), Ok(y)) = (da.num.mul(&db.den), db.num.mul(&da.den))
        && x.ratio_to(&y).is_some()
    {
        return Verdict::Same(Method::Exact);
    }
    Verdict::Unknown("equations that are not linear in several variables are not compared".into())
}

/// Whether every solution of `system` satisfies `claim` (both linear).
pub fn follows_from(system: &Condition, claim: &Condition, unknowns: &[String]) -> bool {
    let mut vars: BTreeSet<String> = unknowns.iter().cloned().collect();
    vars.extend(condition_variables(system));
    vars.extend(condition_variables(claim));
    let vars: Vec<String> = vars.into_iter().collect();
    match (
        LinearSystem::from_condition(system, &vars),
        LinearSystem::from_condition(claim, &vars),
    ) {
        (Some(s), Some(c)) => s.implies(&c).unwrap_or(false),
        _ => false,
    }
}
