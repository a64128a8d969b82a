//! Steps and answers of a limit problem: rewriting the expression must keep it equal away
//! from the limit point; evaluating it (`lim (x + 2)` to `4`) and the final answer are
//! checked by approaching the point from each side.

use super::outcome::{CheckMethod, CheckStatus, status_of, unchecked};
use crate::equivalence;
use crate::expr::Expr;
use crate::limit::{Approach, Found, Limit, LimitValue, Side, read_value, split_head};
use crate::numeric::{Point, eval, short};
use crate::solve::Step;
use crate::verdict::{Method, Verdict, all_of};

/// One line: values claimed equal in order, such as `lim (x + 2) = 4`.
fn read_line(limit: &Limit, text: &str) -> Result<Vec<LimitValue>, String> {
    let mut values = Vec::new();
    for part in text.split('=') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let body = match split_head(part) {
            Some(head) => {
                let (var, approach, body) = head?;
                if var != limit.var || approach != limit.approach {
                    return Err(format!(
                        "the limit is not the problem's ({} approaching {})",
                        limit.var,
                        where_to(limit)
                    ));
                }
                body
            }
            None => part.to_string(),
        };
        values.push(read_value(&body)?);
    }
    if values.is_empty() {
        return Err("there is nothing to read".into());
    }
    Ok(values)
}

fn where_to(limit: &Limit) -> String {
    match &limit.approach {
        Approach::PlusInfinity => "inf".into(),
        Approach::MinusInfinity => "-inf".into(),
        Approach::To(a, side) => format!(
            "{a}{}",
            match side {
                Side::Both => "",
                Side::Left => " from the left",
                Side::Right => " from the right",
            }
        ),
    }
}

pub(super) fn step(limit: &Limit, step: &Step) -> CheckStatus {
    if step.after.trim().is_empty() {
        return unchecked("the step has no 'after' expression");
    }
    let before = if step.before.trim().is_empty() {
        Ok(vec![LimitValue::Finite(limit.body.clone())])
    } else {
        read_line(limit, &step.before)
    };
    let (before, after) = match (before, read_line(limit, &step.after)) {
        (Ok(b), Ok(a)) => (b, a),
        (Err(e), _) => return unchecked(format!("'before' could not be read: {e}")),
        (_, Err(e)) => return unchecked(format!("'after' could not be read: {e}")),
    };
    let chain: Vec<&LimitValue> = before.iter().chain(after.iter()).collect();
    let mut verdicts = Vec::new();
    for pair in chain.windows(2) {
        verdicts.push(pair_verdict(limit, pair[0], pair[1]));
    }
    status_of(all_of(verdicts))
}

fn has_var(limit: &Limit, e: &Expr) -> bool {
    e.variables().contains(&limit.var)
}

fn pair_verdict(limit: &Limit, a: &LimitValue, b: &LimitValue) -> Verdict {
    match (a, b) {
        (LimitValue::Finite(a), LimitValue::Finite(b))
            if has_var(limit, a) && !has_var(limit, b) =>
        {
            value_verdict(&limit.of(a), b_value(b))
        }
        (LimitValue::Finite(a), LimitValue::Finite(b)) => {
            let direct = equivalence::expressions(a, b);
            if !matches!(direct, Verdict::Different(_)) || !has_var(limit, b) {
                return direct;
            }
            // L'Hôpital's rule: a different expression with the same limit.
            match (limit.of(a).value(), limit.of(b).value()) {
                (Found::Unknown, _) | (_, Found::Unknown) => direct,
                (x, y) if same(x, y) => Verdict::Same(Method::Numeric),
                _ => direct,
            }
        }
        (LimitValue::Finite(a), claimed) if has_var(limit, a) => {
            value_verdict(&limit.of(a), claimed.clone())
        }
        (x, y) if x == y => Verdict::Same(Method::Exact),
        _ => Verdict::Different("a step changes the value of the limit".into()),
    }
}

fn b_value(e: &Expr) -> LimitValue {
    LimitValue::Finite(e.clone())
}

fn same(a: Found, b: Found) -> bool {
    match (a, b) {
        (Found::Finite { value: x, .. }, Found::Finite { value: y, .. }) => {
            (x - y).abs() <= 1e-6 * x.abs().max(y.abs()).max(1.0)
        }
        (Found::PlusInfinity, Found::PlusInfinity)
        | (Found::MinusInfinity, Found::MinusInfinity) => true,
        _ => false,
    }
}

/// The sides as words: "from both sides the values approach 4 (x = 2.0001 gives 4.0001)".
fn sides_text(limit: &Limit, left: Found, right: Found) -> String {
    match &limit.approach {
        Approach::PlusInfinity | Approach::MinusInfinity => format!(
            "as {} goes to {} the values {} ({})",
            limit.var,
            where_to(limit),
            left.describe(),
            limit.sample_text(true)
        ),
        Approach::To(_, side) if same(left, right) => format!(
            "{} the values {} ({})",
            match side {
                Side::Both => "from both sides",
                Side::Left => "from the left",
                Side::Right => "from the right",
            },
            left.describe(),
            limit.sample_text(*side != Side::Left)
        ),
        Approach::To(..) => format!(
            "from the left the values {} ({}), but from the right they {} ({})",
            left.describe(),
            limit.sample_text(false),
            right.describe(),
            limit.sample_text(true)
        ),
    }
}

/// Whether the limit is `claimed`.
fn value_verdict(limit: &Limit, claimed: LimitValue) -> Verdict {
    let (left, right) = limit.sides();
    if matches!(left, Found::Unknown) || matches!(right, Found::Unknown) {
        return Verdict::Unknown(format!(
            "the values of '{}' near the limit point do not settle, so the limit is not checked",
            limit.body
        ));
    }
    let agree = same(left, right);
    let sides = sides_text(limit, left, right);
    let wrong = |claim: String| {
        Verdict::Different(format!(
            "the limit of '{}' is not {claim}: {sides}",
            limit.body
        ))
    };
    match claimed {
        LimitValue::Finite(e) => {
            let v = eval(&e, &Point::new());
            match left {
                Found::Finite { value, .. }
                    if agree && (value - v).abs() <= 1e-6 * value.abs().max(v.abs()).max(1.0) =>
                {
                    Verdict::Same(Method::Numeric)
                }
                _ if v.is_finite() => wrong(short(v)),
                _ => Verdict::Different(format!("'{e}' has no value")),
            }
        }
        LimitValue::PlusInfinity if agree && left == Found::PlusInfinity => {
            Verdict::Same(Method::Numeric)
        }
        LimitValue::MinusInfinity if agree && left == Found::MinusInfinity => {
            Verdict::Same(Method::Numeric)
        }
        LimitValue::PlusInfinity => wrong("inf".into()),
        LimitValue::MinusInfinity => wrong("-inf".into()),
        LimitValue::DoesNotExist if !agree => Verdict::Same(Method::Numeric),
        LimitValue::DoesNotExist => Verdict::Different(match left {
            Found::PlusInfinity | Found::MinusInfinity => {
                format!("{sides}; write the limit as inf or -inf")
            }
            _ => format!("the limit exists: {sides}"),
        }),
    }
}

pub(super) fn answer(limit: &Limit, text: &str) -> CheckStatus {
    // "lim_(x->2) (x^2 - 4)/(x - 2) = 4" or "L = 4": the value is the last part.
    let last = text.rsplit('=').next().unwrap_or(text).trim();
    let last = last.split('≈').next().unwrap_or(last).trim();
    match read_value(last) {
        Ok(LimitValue::Finite(e)) if has_var(limit, &e) => unchecked(
            "the final answer should be the limit's value, without the variable".to_string(),
        ),
        Ok(value) => match value_verdict(limit, value) {
            Verdict::Same(_) => CheckStatus::Checked {
                method: CheckMethod::Numeric,
            },
            other => status_of(other),
        },
        Err(e) => unchecked(format!("the final answer could not be read: {e}")),
    }
}
