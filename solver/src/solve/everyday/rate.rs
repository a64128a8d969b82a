//! Rates: speed, time and distance, acceleration, unit prices, and sharing in a ratio.

use super::{Amount, Worked, amounts, mentions, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;

pub(super) fn solve(s: &str) -> Option<Worked> {
    let all = amounts(s);
    if let Some(ratio) = ratio(s, &all) {
        return Some(ratio);
    }
    if mentions(s, &["accelerat"]) {
        return acceleration(&all);
    }
    // "$12 each", "$3 per kilo": the price given is already one item's.
    let words: Vec<&str> = s.split_whitespace().collect();
    let priced_each = all.iter().filter(|a| a.is_money()).any(|a| {
        words.get(a.word + 1).is_some_and(|next| {
            matches!(
                next.trim_matches(|c: char| !c.is_alphanumeric()),
                "each" | "per" | "apiece" | "a" | "an"
            )
        })
    });
    if priced_each {
        return total_price(s, &all);
    }
    if mentions(
        s,
        &[
            "cheaper",
            "better buy",
            "better deal",
            "better value",
            "best buy",
        ],
    ) {
        return cheaper(&all);
    }
    if let Some(scaled) = price_of_another_count(s, &all).or_else(|| proportion(s, &all)) {
        return Some(scaled);
    }
    if mentions(
        s,
        &[
            "each",
            "per",
            "unit price",
            "one",
            "cost of 1",
            "price of 1",
        ],
    ) && all.iter().any(Amount::is_money)
    {
        return unit_price(&all);
    }
    motion(s, &all)
}

fn worked(
    reading: String,
    before: String,
    after: String,
    rule: &str,
    narration: &str,
) -> Option<Worked> {
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading,
        steps: vec![step(before, after.clone(), rule, narration)],
        answer: after,
    })
}

fn is_time(unit: &str) -> bool {
    matches!(unit, "s" | "min" | "h")
}

fn is_length(unit: &str) -> bool {
    matches!(unit, "mm" | "cm" | "m" | "km" | "in" | "ft" | "yd" | "mi")
}

fn is_speed(unit: &str) -> bool {
    matches!(unit, "km/h" | "m/s" | "mph") || unit.contains('/') && !unit.ends_with("^2")
}

/// "from 0 to 20 m/s in 5 s".
fn acceleration(all: &[Amount]) -> Option<Worked> {
    let speeds: Vec<&Amount> = all
        .iter()
        .filter(|a| {
            a.unit == "m/s"
                || a.unit.is_empty() && all.iter().any(|b| b.unit == "m/s" && b.word > a.word)
        })
        .collect();
    let time = all.iter().find(|a| a.unit == "s")?;
    let (start, end) = match speeds.as_slice() {
        [v] => (Rational::ZERO, v.value),
        [u, v] => (u.value, v.value),
        _ => return None,
    };
    let a = end.sub(start).ok()?.div(time.value).ok()?;
    let before = format!(
        "({} m/s - {} m/s) / {} s",
        shown(end),
        shown(start),
        shown(time.value)
    );
    worked(
        before.clone(),
        before,
        format!("{} m/s^2", shown(a)),
        "Use a = (v - u) / t",
        "Acceleration is the change in speed divided by the time it took.",
    )
}

/// "12 apples cost $3. What is the price of one apple?"
fn unit_price(all: &[Amount]) -> Option<Worked> {
    let price = all.iter().find(|a| a.is_money())?;
    let count = all
        .iter()
        .find(|a| a.unit.is_empty() && !a.value.is_zero())?;
    let each = price.value.div(count.value).ok()?;
    let after = Amount {
        value: each,
        unit: price.unit.clone(),
        word: 0,
    }
    .written();
    let before = format!("{} / {}", price.written(), shown(count.value));
    worked(
        before.clone(),
        before,
        after,
        "Divide the price by the number of items",
        "The price of one is the total price shared equally among the items.",
    )
}

/// "Tickets cost $12 each. How much do 7 tickets cost?": the price of one times the count.
fn total_price(s: &str, all: &[Amount]) -> Option<Worked> {
    let [price, count] = all else {
        return None;
    };
    if !price.is_money() || !count.unit.is_empty() || !asks_a_price(s) {
        return None;
    }
    let total = price.value.mul(count.value).ok()?;
    let before = format!("{} × {}", price.written(), shown(count.value));
    worked(
        before.clone(),
        before,
        money_of(total, price),
        "Multiply the price of one by the number",
        "Each one costs the same, so the total is the price of one times how many.",
    )
}

/// "Which is cheaper per item: 6 for $3 or 10 for $4.50?": each offer's price of one, then the
/// lower. Each offer is a count (or an amount with a unit, the same in both) and its price.
fn cheaper(all: &[Amount]) -> Option<Worked> {
    let [q1, p1, q2, p2] = all else {
        return None;
    };
    // Either order in both offers: "6 for $3", "$3 for 6".
    let offer = |a: &Amount, b: &Amount| match (a.is_money(), b.is_money()) {
        (false, true) => Some((a.clone(), b.clone())),
        (true, false) => Some((b.clone(), a.clone())),
        _ => None,
    };
    let (first, second) = (offer(q1, p1)?, offer(q2, p2)?);
    if first.0.unit != second.0.unit
        || first.1.unit != second.1.unit
        || first.0.value.is_zero()
        || second.0.value.is_zero()
    {
        return None;
    }
    let per = |(quantity, price): &(Amount, Amount)| -> Option<(String, Rational, String)> {
        let each = price.value.div(quantity.value).ok()?;
        let counted = if quantity.unit.is_empty() {
            shown(quantity.value)
        } else {
            quantity.written()
        };
        Some((
            format!("{} / {counted}", price.written()),
            each,
            format!("{counted} for {}", price.written()),
        ))
    };
    let (a_before, a_each, a_offer) = per(&first)?;
    let (b_before, b_each, b_offer) = per(&second)?;
    // A price of one that is not whole cents would be rounded: not these rules'.
    if !in_cents(a_each) || !in_cents(b_each) {
        return None;
    }
    let unit = if first.0.unit.is_empty() {
        "one".to_string()
    } else {
        format!("1 {}", first.0.unit)
    };
    let steps = vec![
        step(
            a_before.clone(),
            money_of(a_each, &first.1),
            "Find the price of one",
            format!("{a_offer} is {} for {unit}.", money_of(a_each, &first.1)),
        ),
        step(
            b_before.clone(),
            money_of(b_each, &second.1),
            "Find the price of one",
            format!("{b_offer} is {} for {unit}.", money_of(b_each, &second.1)),
        ),
    ];
    let answer = match a_each.sub(b_each).ok()? {
        d if d.is_zero() => format!("both cost the same: {}", money_of(a_each, &first.1)),
        d if d.is_negative() => format!("{a_offer} is cheaper: {}", money_of(a_each, &first.1)),
        _ => format!("{b_offer} is cheaper: {}", money_of(b_each, &second.1)),
    };
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: format!("{a_before} and {b_before}"),
        steps,
        answer,
    })
}

/// Whether the question asks what something costs.
fn asks_a_price(s: &str) -> bool {
    mentions(s, &["how much", "cost", "price", "pay", "spend", "total"])
}

fn money_of(value: Rational, like: &Amount) -> String {
    Amount {
        value,
        unit: like.unit.clone(),
        word: 0,
    }
    .written()
}

/// "If 3 apples cost $1.50, how much do 7 apples cost?": the price of one, then of the number
/// asked for. The price is the one of the count written nearest it. A price of one that is not
/// a whole number of cents is left to the model's set-up (it would be rounded).
fn price_of_another_count(s: &str, all: &[Amount]) -> Option<Worked> {
    let [price] = all.iter().filter(|a| a.is_money()).collect::<Vec<_>>()[..] else {
        return None;
    };
    let counts: Vec<&Amount> = all.iter().filter(|a| a.unit.is_empty()).collect();
    let [first, second] = counts[..] else {
        return None;
    };
    if all.len() != 3 || !asks_a_price(s) || first.value.is_zero() || second.value.is_zero() {
        return None;
    }
    let distance = |a: &Amount| a.word.abs_diff(price.word);
    let (given, asked) = if distance(first) <= distance(second) {
        (first, second)
    } else {
        (second, first)
    };
    let each = price.value.div(given.value).ok()?;
    if !in_cents(each) {
        return None;
    }
    let total = each.mul(asked.value).ok()?;
    let one = format!("{} / {}", price.written(), shown(given.value));
    let steps = vec![
        step(
            one.clone(),
            money_of(each, price),
            "Find the price of one",
            format!(
                "{} buys {}, so one costs {} divided by {}.",
                price.written(),
                shown(given.value),
                price.written(),
                shown(given.value)
            ),
        ),
        step(
            format!("{} × {}", money_of(each, price), shown(asked.value)),
            money_of(total, price),
            "Multiply by the number asked for",
            format!(
                "Then {} of them cost {} times as much.",
                shown(asked.value),
                shown(asked.value)
            ),
        ),
    ];
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: format!("{one} × {}", shown(asked.value)),
        steps,
        answer: money_of(total, price),
    })
}

/// Whether an amount of money is a whole number of cents.
fn in_cents(r: Rational) -> bool {
    r.mul(Rational::integer(100)).is_ok_and(|c| c.denom() == 1)
}

/// "A car uses 8 litres of fuel per 100 km. How much fuel for 250 km?": two amounts of one
/// unit, the second asked about, scale the third. Only when the amount asked about is in the
/// question and the two given before it, and the scale is exact.
fn proportion(s: &str, all: &[Amount]) -> Option<Worked> {
    let [a, b, c] = all else {
        return None;
    };
    let words: Vec<&str> = s.split_whitespace().collect();
    let question = words.iter().rposition(|w| matches!(*w, "how" | "what"))?;
    if !(a.word < question && b.word < question && c.word > question) {
        return None;
    }
    let (quantity, per) = match (a.unit == c.unit, b.unit == c.unit) {
        (false, true) => (a, b),
        (true, false) => (b, a),
        _ => return None,
    };
    // Against a rate ("at 60 km/h takes 3 h; how long at 90 km/h?") the proportion is
    // inverse: not these rules'.
    if c.unit.is_empty() || c.unit.contains('/') || per.value.is_zero() || quantity.unit == "%" {
        return None;
    }
    let scale = c.value.div(per.value).ok()?;
    // A scale that does not terminate (`7 / 3`) would be rounded.
    scale.to_decimal_string()?;
    let result = quantity.value.mul(scale).ok()?;
    if quantity.is_money() && !in_cents(result) {
        return None;
    }
    let with_unit = |r: Rational| money_of(r, quantity);
    let ratio = format!("{} / {}", c.written(), per.written());
    let steps = vec![
        step(
            ratio.clone(),
            shown(scale),
            "Compare the two amounts",
            format!(
                "{} is {} times {}.",
                c.written(),
                shown(scale),
                per.written()
            ),
        ),
        step(
            format!("{} × {}", quantity.written(), shown(scale)),
            with_unit(result),
            "Scale in proportion",
            format!(
                "So it takes {} times {}, in proportion.",
                shown(scale),
                quantity.written()
            ),
        ),
    ];
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: format!("{} × ({ratio})", quantity.written()),
        steps,
        answer: with_unit(result),
    })
}

/// Distance from speed and time, time from distance and speed, or speed from both. A time in
/// another unit than the speed's (or than the one asked for: "in km/h", "how many minutes")
/// is converted first, as its own checked steps.
fn motion(s: &str, all: &[Amount]) -> Option<Worked> {
    let distance = all.iter().find(|a| is_length(&a.unit));
    let time = all.iter().find(|a| is_time(&a.unit));
    let speed = all.iter().find(|a| is_speed(&a.unit));
    match (distance, time, speed) {
        (Some(d), Some(t), None) if mentions(s, &["speed", "fast", "velocity", "rate"]) => {
            let (mut steps, t) = in_unit(t, asked_per(s))?;
            let v = d.value.div(t.value).ok()?;
            // `90 km / ((45 / 60) h)`: the converted time divides as a whole.
            let divisor = if steps.is_empty() {
                t.written.clone()
            } else {
                format!("({})", t.written)
            };
            let before = format!("{} / {divisor}", d.written());
            let after = format!("{} {}/{}", shown(v), d.unit, t.unit);
            steps.push(step(
                before.clone(),
                after.clone(),
                "Use speed = distance / time",
                "Average speed is the distance divided by the time.",
            ));
            motion_worked(before, steps, after)
        }
        (Some(d), None, Some(v)) if mentions(s, &["how long", "time", "take"]) => {
            let (dist_unit, time_unit) = v.unit.split_once('/')?;
            if dist_unit != d.unit {
                return None;
            }
            let before = format!("{} / ({})", d.written(), v.written());
            let taken = Amount {
                value: d.value.div(v.value).ok()?,
                unit: time_unit.to_string(),
                word: 0,
            };
            let mut steps = vec![step(
                before.clone(),
                taken.written(),
                "Use time = distance / speed",
                "The time is the distance divided by the speed.",
            )];
            let answer = match asked_time(s).filter(|unit| *unit != time_unit) {
                Some(unit) => {
                    let converted = super::convert::conversion_of(&taken, unit)?;
                    steps.extend(converted.steps);
                    converted.answer
                }
                None => taken.written(),
            };
            motion_worked(before, steps, answer)
        }
        (None, Some(t), Some(v)) if mentions(s, &["how far", "distance"]) => {
            let (dist_unit, time_unit) = v.unit.split_once('/')?;
            let time_unit = super::amounts::unit_symbol(time_unit)?;
            let (mut steps, t) = in_unit(t, Some(time_unit))?;
            let d = v.value.mul(t.value).ok()?;
            let before = format!("{} × {}", v.written(), t.written);
            let after = format!("{} {dist_unit}", shown(d));
            steps.push(step(
                before.clone(),
                after.clone(),
                "Use distance = speed × time",
                "The distance is the speed times the time.",
            ));
            motion_worked(before, steps, after)
        }
        _ => None,
    }
}

fn motion_worked(reading: String, steps: Vec<super::Step>, answer: String) -> Option<Worked> {
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading,
        steps,
        answer,
    })
}

/// A time as a calculation uses it: as written (`2.5 h`), or in another unit with the step
/// that converts it (`20 min` to `(20 / 60) h`).
struct Time {
    written: String,
    value: Rational,
    unit: &'static str,
}

/// `t` in the time unit `wanted` (with the step that converts it), or as it is.
fn in_unit(t: &Amount, wanted: Option<&'static str>) -> Option<(Vec<super::Step>, Time)> {
    let own = super::amounts::unit_symbol(&t.unit)?;
    match wanted {
        Some(unit) if unit != own => {
            let (step, written, value) = super::convert::into(t, unit)?;
            Some((
                vec![step],
                Time {
                    written,
                    value,
                    unit,
                },
            ))
        }
        _ => Some((
            Vec::new(),
            Time {
                written: t.written(),
                value: t.value,
                unit: own,
            },
        )),
    }
}

/// The time unit of a speed asked for: "in km/h", "per hour", "in m/s".
fn asked_per(s: &str) -> Option<&'static str> {
    [
        (&["km/h", "mph", "per hour", "an hour", "/h"][..], "h"),
        (&["per minute", "a minute", "/min"][..], "min"),
        (&["m/s", "per second", "a second"][..], "s"),
    ]
    .into_iter()
    .find(|(said, _)| said.iter().any(|w| s.contains(w)))
    .map(|(_, unit)| unit)
}

/// The time unit a duration is asked in: "how many minutes", "in seconds".
fn asked_time(s: &str) -> Option<&'static str> {
    [("minutes", "min"), ("seconds", "s"), ("hours", "h")]
        .into_iter()
        .find(|(word, _)| {
            s.contains(&format!("how many {word}")) || s.contains(&format!("in {word}"))
        })
        .map(|(_, unit)| unit)
}

/// "Share $60 in the ratio 2:3", "boys to girls is 3:4 and there are 12 boys".
fn ratio(s: &str, all: &[Amount]) -> Option<Worked> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let (at, (a, b)) = words.iter().enumerate().find_map(|(i, w)| {
        let w = w.trim_matches(|c: char| !(c.is_ascii_digit() || c == ':'));
        let (a, b) = w.split_once(':')?;
        Some((i, (super::exact(a)?, super::exact(b)?)))
    })?;
    let amount = all.iter().find(|x| x.word != at)?;
    let with_unit = |r: Rational| {
        Amount {
            value: r,
            unit: amount.unit.clone(),
            word: 0,
        }
        .written()
    };
    if mentions(s, &["share", "divide", "split", "shared", "divided"]) {
        let part = amount.value.div(a.add(b).ok()?).ok()?;
        let first = a.mul(part).ok()?;
        let second = b.mul(part).ok()?;
        let steps = vec![
            step(
                format!("{} / ({} + {})", amount.written(), shown(a), shown(b)),
                with_unit(part),
                "Find one part",
                format!(
                    "The ratio has {} parts in all, so one part is the total divided by {}.",
                    shown(a.add(b).ok()?),
                    shown(a.add(b).ok()?)
                ),
            ),
            step(
                format!("{} × {}", shown(a), with_unit(part)),
                with_unit(first),
                "Multiply by the first share",
                "The first share has its number of parts.",
            ),
            step(
                format!("{} × {}", shown(b), with_unit(part)),
                with_unit(second),
                "Multiply by the second share",
                "And the second share has its number.",
            ),
        ];
        return Some(Worked {
            kind: ProblemKind::WordProblem,
            reading: format!(
                "{} in the ratio {}:{}",
                amount.written(),
                shown(a),
                shown(b)
            ),
            steps,
            answer: format!("{} and {}", with_unit(first), with_unit(second)),
        });
    }
    // The known quantity is named by the first or second word of the ratio ("boys to girls").
    let to = words.iter().position(|w| *w == "to")?;
    let first_name = words
        .get(to.checked_sub(1)?)?
        .trim_matches(|c: char| !c.is_alphabetic());
    let known_first = words
        .get(amount.word + 1)
        .is_some_and(|w| w.trim_matches(|c: char| !c.is_alphabetic()) == first_name);
    let (known, wanted) = if known_first { (a, b) } else { (b, a) };
    let result = amount.value.div(known).ok()?.mul(wanted).ok()?;
    let before = format!(
        "{} / {} × {}",
        shown(amount.value),
        shown(known),
        shown(wanted)
    );
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: before.clone(),
        steps: vec![step(
            before,
            shown(result),
            "Scale the ratio",
            "Divide by the known part of the ratio to find one part, then multiply by the other part.",
        )],
        answer: shown(result),
    })
}
