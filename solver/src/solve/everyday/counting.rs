//! Counting: arrangements of n things (n!), a factorial asked for, ordered choices ("first,
//! second and third": n × (n - 1) × ...), unordered ones ("choose 2 of 5": n! / (k! (n - k)!)),
//! and the mean of listed numbers. Each is worked as products and quotients the checker
//! verifies.

use super::{Worked, amounts, mentions, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;

/// The largest n whose arrangements are counted: 12! fits comfortably, and a longer product
/// is no help to a learner.
const MOST: i128 = 12;

pub(super) fn solve(s: &str) -> Option<Worked> {
    mean(s).or_else(|| factorial(s)).or_else(|| ways(s))
}

/// `n × (n - 1) × ... × (n - k + 1)`, written out.
fn falling(n: i128, k: i128) -> (String, i128) {
    let factors: Vec<i128> = (0..k).map(|i| n - i).collect();
    let product = factors.iter().product();
    let written = factors
        .iter()
        .map(i128::to_string)
        .collect::<Vec<_>>()
        .join(" × ");
    (written, product)
}

fn worked(reading: String, steps: Vec<super::Step>, answer: String) -> Option<Worked> {
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading,
        steps,
        answer,
    })
}

/// The whole numbers of the words, in order.
fn whole_numbers(s: &str) -> Vec<i128> {
    amounts(s)
        .iter()
        .filter(|a| a.unit.is_empty() && a.value.is_integer())
        .map(|a| a.value.numer())
        .collect()
}

/// "What is 7 factorial?", "5!".
fn factorial(s: &str) -> Option<Worked> {
    let n = if mentions(s, &["factorial"]) {
        let [n] = whole_numbers(s)[..] else {
            return None;
        };
        n
    } else {
        let bang = s.find('!')?;
        let digits: String = s[..bang]
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let rest = s[bang + 1..].trim_matches(|c: char| c == '?' || c.is_whitespace());
        if digits.is_empty() || !rest.is_empty() || whole_numbers(s).len() != 1 {
            return None;
        }
        digits.parse().ok()?
    };
    down_to_one(
        n,
        "Multiply the whole numbers down to 1",
        format!("{n} factorial is the product of the whole numbers from {n} down to 1."),
    )
}

/// `n!` worked as `n × (n - 1) × ... × 1`.
fn down_to_one(n: i128, rule: &str, narration: String) -> Option<Worked> {
    if !(1..=MOST).contains(&n) {
        return None;
    }
    let (written, product) = falling(n, n);
    worked(
        format!("{n}!"),
        vec![step(written, product.to_string(), rule, narration)],
        product.to_string(),
    )
}

/// "How many ways can 5 books be arranged?", "... choose 2 students from 5?", "... 3 of 8
/// runners finish first, second and third?".
fn ways(s: &str) -> Option<Worked> {
    if !(s.contains("how many ways")
        || s.contains("how many different ways")
        || s.contains("in how many")
        || s.contains("how many arrangements"))
    {
        return None;
    }
    // Conditions on the arrangement ("if two must sit together", "with repetition") are
    // not counted by these rules.
    if mentions(
        s,
        &[
            "together",
            "apart",
            "next",
            "repeat",
            "repetition",
            "replace",
            "if",
            "must",
            "not",
            "except",
            "at least",
            "at most",
            "letters",
            "digit",
            "round",
            "circle",
            "around",
        ],
    ) {
        return None;
    }
    let numbers = whole_numbers(s);
    let ranked = mentions(
        s,
        &["first, second", "president", "gold", "order", "ranked"],
    );
    let arranged = mentions(
        s,
        &[
            "arrang", "line up", "lined up", "in a row", "order", "sit", "seat",
        ],
    );
    let chosen = mentions(
        s,
        &[
            "choose",
            "chosen",
            "select",
            "pick",
            "committee",
            "team",
            "group of",
        ],
    );
    // "arrange 3 of 7 books": an order of those chosen.
    let ordered = ranked || arranged;
    match numbers[..] {
        [n] if arranged && !chosen => arrangements(n),
        [a, b] if ordered || chosen => {
            let (k, n) = if a < b { (a, b) } else { (b, a) };
            if k < 1 || n > MOST * 4 || k > MOST {
                return None;
            }
            if ordered {
                ordered_choices(n, k)
            } else {
                combinations(n, k)
            }
        }
        _ => None,
    }
}

fn arrangements(n: i128) -> Option<Worked> {
    down_to_one(
        n,
        "Count the arrangements",
        format!(
            "The first place can take any of the {n}, the next any of the {} left, and so on \
             down to 1: {n} factorial.",
            n - 1
        ),
    )
}

fn ordered_choices(n: i128, k: i128) -> Option<Worked> {
    let (written, product) = falling(n, k);
    worked(
        written.clone(),
        vec![step(
            written,
            product.to_string(),
            "Count the ordered choices",
            format!(
                "The first place can go to any of the {n}, the second to any of the {} left, \
                 and so on for {k} places.",
                n - 1
            ),
        )],
        product.to_string(),
    )
}

fn combinations(n: i128, k: i128) -> Option<Worked> {
    let (top, ordered) = falling(n, k);
    let (bottom, orders) = falling(k, k);
    let count = ordered / orders;
    let quotient = format!("({top}) / ({bottom})");
    worked(
        quotient.clone(),
        vec![
            step(
                top.clone(),
                ordered.to_string(),
                "Count the ordered choices",
                format!("Picked one after another, {k} of {n} can be chosen in {ordered} orders."),
            ),
            step(
                format!("{ordered} / ({bottom})"),
                count.to_string(),
                "Divide by the orders of each group",
                format!(
                    "Each group of {k} was counted once for each of its {orders} orders, so \
                     divide by {orders}."
                ),
            ),
        ],
        count.to_string(),
    )
}

/// "What is the average of 4, 8 and 12?", "Find the mean of 2, 4, 6, 8".
fn mean(s: &str) -> Option<Worked> {
    let at = ["average of ", "mean of "]
        .iter()
        .find_map(|w| s.find(w).map(|i| i + w.len()))?;
    // Only the numbers listed: nothing before them, nothing but "and" and commas between.
    let listed = &s[at..];
    if amounts(&s[..at]).iter().any(|_| true)
        || listed
            .split([',', ' '])
            .any(|w| !w.is_empty() && w != "and" && super::exact(w).is_none())
    {
        return None;
    }
    let all = amounts(listed);
    if all.len() < 2 || all.iter().any(|a| !a.unit.is_empty()) {
        return None;
    }
    let total = all
        .iter()
        .try_fold(Rational::ZERO, |sum, a| sum.add(a.value).ok())?;
    let count = Rational::integer(all.len() as i128);
    let average = total.div(count).ok()?;
    let sum = all
        .iter()
        .map(|a| shown(a.value))
        .collect::<Vec<_>>()
        .join(" + ");
    worked(
        format!("({sum}) / {}", all.len()),
        vec![
            step(
                sum.clone(),
                shown(total),
                "Add the numbers",
                "First, add all the numbers.",
            ),
            step(
                format!("{} / {}", shown(total), all.len()),
                shown(average),
                "Divide by how many there are",
                format!("Then divide by how many there are: {}.", all.len()),
            ),
        ],
        shown(average),
    )
}
