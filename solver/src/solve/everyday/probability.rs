//! Probability by counting equally likely outcomes: one or two dice, coins, and a card from a
//! standard deck of 52.

use super::{Worked, amounts, mentions, rounded, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;
use crate::solve::Step;

pub(super) fn solve(s: &str) -> Option<Worked> {
    if !mentions(s, &["probability", "chance", "likely", "odds"]) {
        return None;
    }
    // Events these rules do not count: one denied ("not a king", "neither shows a 6") or
    // one of two ("a sum of 7 or 11"). Counted as the plain event they would be answered
    // wrong with every step checked ("not rolling a 6": 1/6), so they are left to the
    // model's set-up.
    let words: Vec<String> = s
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(str::to_lowercase)
        .collect();
    let denied = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "not" | "neither" | "nor" | "none" | "never" | "without"
        ) || w.ends_with("n't")
    });
    if denied || words.iter().any(|w| w == "or") {
        return None;
    }
    if mentions(s, &["dice", "die"]) {
        return dice(s);
    }
    if mentions(s, &["coin", "coins", "heads", "tails"]) {
        return coins(s);
    }
    if mentions(s, &["card", "deck"]) {
        return cards(s);
    }
    if mentions(s, &["bag", "box", "jar", "urn"]) {
        return bag(s);
    }
    None
}

/// "A bag has 3 red and 5 blue marbles. What is the probability of drawing a red one?": one
/// draw, the favourable colour's count over all. Two draws, or a colour the bag does not hold,
/// are not these rules'.
fn bag(s: &str) -> Option<Worked> {
    if mentions(
        s,
        &[
            "two", "both", "second", "then", "again", "replace", "row", "twice", "three",
        ],
    ) {
        return None;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    let clean = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    // Each count and the word after it: "3 red", "5 blue".
    let counts: Vec<_> = amounts(s)
        .into_iter()
        .filter(|a| a.unit.is_empty() && a.value.is_integer() && !a.value.is_negative())
        .collect();
    // A count of those drawn ("draw 2 marbles") is more than one draw.
    let drawn = counts.iter().any(|a| {
        a.word > 0
            && mentions(
                &clean(words[a.word - 1]),
                &["draw", "pick", "take", "choos", "select", "remov"],
            )
    });
    if drawn {
        return None;
    }
    let mut held: Vec<(i128, String)> = counts
        .iter()
        .filter_map(|a| Some((a.value.numer(), clean(words.get(a.word + 1)?))))
        .collect();
    // "5 marbles: 2 red and 3 blue": a first count that is the others' sum is the whole.
    let all: i128 = held.iter().map(|(n, _)| n).sum();
    if held.first().is_some_and(|(n, _)| 2 * n == all) {
        held.remove(0);
    }
    // Each count names its own kind: "4 of which are broken" names none.
    let kinds: std::collections::BTreeSet<&str> =
        held.iter().map(|(_, kind)| kind.as_str()).collect();
    // ("of" is no kind: the lexer's prose words are none.)
    let named = held
        .iter()
        .all(|(_, kind)| kind.len() > 2 && !crate::lexer::PROSE.contains(&kind.as_str()));
    if held.len() < 2 || kinds.len() != held.len() || !named {
        return None;
    }
    let asked_from = s.find("probability").or_else(|| s.find("chance"))?;
    let asked: Vec<&(i128, String)> = held
        .iter()
        .filter(|(_, colour)| {
            s[asked_from..]
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == colour)
        })
        .collect();
    let [(favourable, colour)] = asked[..] else {
        return None;
    };
    // Every count is of the bag's things: the counts are all before the question.
    let question_at = s[..asked_from].split_whitespace().count();
    if amounts(s).iter().any(|a| a.word >= question_at) {
        return None;
    }
    let total: i128 = held.iter().map(|(n, _)| n).sum();
    let sum = held
        .iter()
        .map(|(n, _)| n.to_string())
        .collect::<Vec<_>>()
        .join(" + ");
    let (last, answer) = fraction_step(
        *favourable,
        total,
        format!("{favourable} of the {total} are {colour}, each as likely to be drawn."),
    )?;
    worked(
        format!("{favourable}/({sum})"),
        vec![
            step(
                sum,
                total.to_string(),
                "Count all the outcomes",
                "Any one of them can be drawn: add the counts.",
            ),
            last,
        ],
        answer,
    )
}

/// `favourable/total`, reduced, with a rounded decimal when it does not terminate.
fn fraction_step(favourable: i128, total: i128, narration: String) -> Option<(Step, String)> {
    let p = Rational::new(favourable, total).ok()?;
    let written = format!("{favourable}/{total}");
    let answer = p.to_string();
    let after = if answer != written {
        answer.clone()
    } else if let Some(decimal) = p.to_decimal_string() {
        // 1/8 is 0.125 exactly, not a rounding.
        decimal
    } else {
        format!("{answer} ≈ {}", rounded(favourable as f64 / total as f64))
    };
    Some((
        step(
            written,
            after,
            "Divide the favourable outcomes by all outcomes",
            narration,
        ),
        p.to_string(),
    ))
}

fn worked(reading: String, steps: Vec<Step>, answer: String) -> Option<Worked> {
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading,
        steps,
        answer,
    })
}

fn dice(s: &str) -> Option<Worked> {
    let numbers: Vec<i128> = amounts(s)
        .iter()
        .filter(|a| a.value.is_integer())
        .map(|a| a.value.numer())
        .collect();
    let two = mentions(s, &["two", "pair", "dice"])
        && !mentions(s, &["a die", "one die", "single"])
        || s.contains("2 dice");
    let target = numbers
        .iter()
        .copied()
        .find(|n| *n != 2 || !s.contains("2 dice"));
    // "at least one 6": a face on either die, not a sum of at least 6.
    let any_face = two && s.contains("at least one");
    // What is favourable, and how the narration says it of a sum ("of 7") and of a face.
    let (test, what): (Box<dyn Fn(i128) -> bool>, String) = if any_face {
        let t = target?;
        (Box::new(move |v| v == t), format!("of {t}"))
    } else if mentions(s, &["even"]) {
        (Box::new(|v| v % 2 == 0), "that is even".into())
    } else if mentions(s, &["odd"]) {
        (Box::new(|v| v % 2 == 1), "that is odd".into())
    } else if s.contains("greater than") || s.contains("more than") || s.contains("higher than") {
        let t = target?;
        (Box::new(move |v| v > t), format!("greater than {t}"))
    } else if s.contains("less than") || s.contains("lower than") {
        let t = target?;
        (Box::new(move |v| v < t), format!("less than {t}"))
    } else if s.contains("at least") {
        let t = target?;
        (Box::new(move |v| v >= t), format!("of at least {t}"))
    } else if s.contains("at most") {
        let t = target?;
        (Box::new(move |v| v <= t), format!("of at most {t}"))
    } else if mentions(s, &["double"]) && two {
        (Box::new(|_| false), String::new())
    } else {
        let t = target?;
        (Box::new(move |v| v == t), format!("of {t}"))
    };
    if two {
        let doubles = mentions(s, &["double"]);
        // "both show 6", "more than 4 on each": a face of every die, not their sum.
        let each_face = !doubles
            && !any_face
            && mentions(s, &["both", "each"])
            && !mentions(s, &["sum", "total", "add"]);
        let mut favourable = Vec::new();
        for a in 1..=6 {
            for b in 1..=6 {
                let sum = !each_face && !any_face && test(a + b);
                let faces = (each_face && test(a) && test(b)) || (any_face && (test(a) || test(b)));
                if (doubles && a == b) || faces || (!doubles && sum) {
                    favourable.push(format!("({a}, {b})"));
                }
            }
        }
        let count = favourable.len() as i128;
        let listed = if favourable.len() <= 12 {
            format!(": {}", favourable.join(", "))
        } else {
            String::new()
        };
        let (last, answer) = fraction_step(
            count,
            36,
            if doubles {
                format!("{count} of the 36 outcomes are doubles{listed}.")
            } else if any_face {
                format!(
                    "{count} of the 36 outcomes show a number {} on at least one die{listed}.",
                    what.trim_start_matches("of ")
                )
            } else if each_face {
                format!(
                    "{count} of the 36 outcomes show a number {} on both dice{listed}.",
                    what.trim_start_matches("of ")
                )
            } else {
                format!("{count} of the 36 outcomes have a sum {what}{listed}.")
            },
        )?;
        return worked(
            format!("{count}/36"),
            vec![
                step(
                    "6 × 6",
                    "36",
                    "Count all outcomes",
                    "Each die shows one of 6 faces, so two dice give 6 × 6 equally likely outcomes.",
                ),
                last,
            ],
            answer,
        );
    }
    let faces: Vec<i128> = (1..=6).filter(|v| test(*v)).collect();
    let count = faces.len() as i128;
    let (last, answer) = fraction_step(
        count,
        6,
        format!(
            "{count} of the 6 faces are favourable, a number {} ({}).",
            what.trim_start_matches("of ")
                .trim_start_matches("that is "),
            faces
                .iter()
                .map(i128::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )?;
    worked(format!("{count}/6"), vec![last], answer)
}

fn choose(n: i128, k: i128) -> i128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn coins(s: &str) -> Option<Worked> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let named = |w: &str| -> Option<i128> {
        Some(match w {
            "one" | "a" | "once" => 1,
            "two" | "twice" => 2,
            "three" => 3,
            "four" => 4,
            "five" => 5,
            "six" => 6,
            w => w.parse().ok()?,
        })
    };
    // "3 coins", "a coin 4 times", "flipping two coins"
    let mut flips = None;
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        let counted = w.starts_with("coin")
            || w.starts_with("time")
            || w.starts_with("flip")
            || w.starts_with("toss");
        if i > 0
            && counted
            && w != "coin"
            && let Some(n) = named(words[i - 1].trim_matches(|c: char| !c.is_alphanumeric()))
            && n > 0
            && n <= 10
        {
            flips = Some(n);
        }
    }
    // "tossed twice"
    if flips.is_none() {
        flips = words
            .iter()
            .find_map(|w| match w.trim_matches(|c: char| !c.is_alphanumeric()) {
                "twice" => Some(2),
                "thrice" => Some(3),
                _ => None,
            });
    }
    let n = flips.unwrap_or(1);
    let total = 1i128 << n;
    let side = if mentions(s, &["tail"]) && !mentions(s, &["head"]) {
        "tails"
    } else {
        "heads"
    };
    let count_word = |phrase: &str| -> Option<i128> {
        let at = s.find(phrase)? + phrase.len();
        named(s[at..].split_whitespace().next()?)
    };
    let (favourable, how) = if s.contains("at least one") {
        (
            total - 1,
            format!(
                "every outcome but all {}",
                if side == "heads" { "tails" } else { "heads" }
            ),
        )
    } else if s.contains("no ") && n > 1 {
        (1, "one outcome".into())
    } else if mentions(s, &["all"]) || (n == 1) {
        (1, format!("one outcome, all {side}"))
    } else {
        let k = count_word("exactly ")
            .or_else(|| count_word("getting "))
            .or_else(|| count_word("get "))?;
        (
            choose(n, k),
            format!(
                "choosing which {k} of the {n} coins show {side}: {}",
                choose(n, k)
            ),
        )
    };
    let (last, answer) = fraction_step(
        favourable,
        total,
        format!("{favourable} of the {total} outcomes are favourable: {how}."),
    )?;
    let steps = if n == 1 {
        vec![last]
    } else {
        vec![
            step(
                format!("2^{n}"),
                total.to_string(),
                "Count all outcomes",
                format!(
                    "Each coin lands one of 2 ways, so {n} coins give 2^{n} equally likely outcomes."
                ),
            ),
            last,
        ]
    };
    worked(format!("{favourable}/{total}"), steps, answer)
}

fn cards(s: &str) -> Option<Worked> {
    // A card named by two things ("a red king", "a black ace") is counted by neither alone.
    let colour = mentions(s, &["red", "black"]);
    let suit = mentions(s, &["heart", "spade", "club", "diamond"]);
    let rank = mentions(s, &["ace", "king", "queen", "jack", "face"]);
    if (colour && (suit || rank)) || (suit && rank && !s.contains(" of ")) {
        return None;
    }
    let (count, what) = if s.contains("ace of")
        || s.contains("king of")
        || s.contains("queen of")
        || s.contains("jack of")
    {
        (1, "one card")
    } else if mentions(s, &["face"]) {
        (12, "12 face cards (jack, queen and king of each suit)")
    } else if mentions(s, &["red", "black"]) {
        (26, "26 cards of that colour")
    } else if mentions(s, &["heart", "spade", "club", "diamond"]) {
        (13, "13 cards in each suit")
    } else if mentions(s, &["ace", "king", "queen", "jack"])
        || amounts(s).iter().any(|a| {
            a.value.is_integer()
                && a.value.numer() >= 2
                && a.value.numer() <= 10
                && a.value.numer() != 52
        })
    {
        (4, "4 of each rank, one in each suit")
    } else {
        return None;
    };
    let (last, answer) = fraction_step(
        count,
        52,
        format!("A standard deck has 52 cards, and {what}."),
    )?;
    worked(format!("{count}/52"), vec![last], answer)
}
