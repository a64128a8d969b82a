//! The numbers of a worked example are Lectern's, not the model's: every calculation written
//! in it (`3 × 4 = 12`, "(0.4 * 0.6) / 0.4") is worked out by the solver, and a scene whose
//! numbers disagree with it is asked again with the right value as the reason. A 1.5B model
//! wrote "P(Heads|Tails) = (0.4 * 0.6) / 0.4" and then "the updated probability … is 0.7".

use super::*;

/// A calculation found in a worked example's text: what was written, its value worked out,
/// and the result the text gives for it (none when the text stops at the expression).
#[derive(Debug)]
struct Calculation {
    expression: String,
    value: f64,
    stated: Option<f64>,
}

impl Calculation {
    fn wrong(&self) -> bool {
        self.stated
            .is_some_and(|stated| !rounds_to(self.value, stated))
    }
}

/// Why a worked example's numbers should be worked again, if they should: a calculation whose
/// stated result is not its value, or an answer that does not give the value of the last
/// calculation the steps left open.
pub(crate) fn wrong_arithmetic(scene: &Scene, _topic: &str) -> Option<String> {
    let Visual::WorkedExample { steps, answer, .. } = &scene.visual else {
        return None;
    };
    let texts = steps
        .iter()
        .map(|s| s.text.as_str())
        .chain(std::iter::once(answer.as_str()))
        .chain(scene.narration.iter().map(String::as_str));
    for text in texts {
        if let Some(wrong) = calculations(text).into_iter().find(Calculation::wrong) {
            return Some(format!(
                "\"{}\" is not {}: it is {}; give the steps with the values worked out right",
                wrong.expression,
                number(wrong.stated.unwrap_or_default()),
                number(wrong.value),
            ));
        }
    }
    let open = open_calculation(steps)?;
    let says_it = numbers(answer)
        .into_iter()
        .any(|n| rounds_to(open.value, n));
    (!says_it).then(|| {
        let value = number(open.value);
        format!(
            "the steps give {} = {value}, but the answer does not say {value}; give the \
             answer the steps work out",
            open.expression,
        )
    })
}

/// What a worked example still wrong after its second writing becomes: every result it states
/// for a calculation is the solver's value, and an answer that does not give the value its
/// steps leave open is given it (its one number replaced; every other place that number is
/// said in the scene with it). `false` when the numbers cannot be put right that way (an
/// answer with no number or several): such a scene is better left out than taught wrong.
pub(super) fn compute_numbers(scene: &mut Scene) -> bool {
    if !crate::script::rules::on("compute_numbers") {
        return true;
    }
    let Visual::WorkedExample { steps, answer, .. } = &mut scene.visual else {
        return true;
    };
    // A stated result that is not its calculation's value: replaced where it is stated.
    let mut fixed: Vec<(f64, f64)> = Vec::new();
    for text in texts_mut(steps, answer, &mut scene.narration) {
        for wrong in calculations(text).into_iter().filter(Calculation::wrong) {
            let stated = wrong.stated.unwrap_or_default();
            *text = with_result(text, &wrong.expression, stated, wrong.value);
            fixed.push((stated, wrong.value));
        }
    }
    // The answer to the calculation the steps leave open.
    if let Some(open) = open_calculation(steps) {
        let given = numbers(answer);
        if !given.iter().any(|&n| rounds_to(open.value, n)) {
            let [said] = given[..] else {
                return false;
            };
            fixed.push((said, open.value));
        }
    }
    // The wrong numbers said anywhere else in the scene (a step, the answer, "so it is 0.7").
    for (wrong, right) in fixed {
        for text in texts_mut(steps, answer, &mut scene.narration) {
            *text = replace_numbers(text, wrong, right, usize::MAX);
        }
    }
    true
}

/// Every text of a worked example a number can be said in: its steps, its answer, its
/// narration.
fn texts_mut<'a>(
    steps: &'a mut [WorkedStep],
    answer: &'a mut String,
    narration: &'a mut [String],
) -> impl Iterator<Item = &'a mut String> {
    steps
        .iter_mut()
        .map(|s| &mut s.text)
        .chain(std::iter::once(answer))
        .chain(narration.iter_mut())
}

/// The last calculation the steps write without a result ("P = (0.4 * 0.6) / 0.4").
fn open_calculation(steps: &[WorkedStep]) -> Option<Calculation> {
    steps
        .iter()
        .flat_map(|s| calculations(&s.text))
        .rfind(|c| c.stated.is_none())
}

/// `text` with the solver's spelling of its operators (`×` as `*`, `−` as `-`).
fn normalised(text: &str) -> String {
    text.replace(['×', '·', '∙'], "*")
        .replace('÷', "/")
        .replace('−', "-")
}

/// `text` with the result stated after `expression`'s `=` written as `value`.
fn with_result(text: &str, expression: &str, stated: f64, value: f64) -> String {
    let normal = normalised(text);
    // Found in the normalised text; the same byte offsets hold in `text` only when nothing
    // was normalised, so otherwise the number is replaced wherever it is written.
    match normal.find(expression) {
        Some(at) if normal.len() == text.len() => {
            let after = at + expression.len();
            let (head, tail) = text.split_at(after);
            format!("{head}{}", replace_numbers(tail, stated, value, 1))
        }
        _ => replace_numbers(text, stated, value, usize::MAX),
    }
}

/// `text` with its first `at_most` numbers equal to `wrong` written as `right`.
fn replace_numbers(text: &str, wrong: f64, right: f64, at_most: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut done = 0;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let len = rest[start..]
            .char_indices()
            .find(|&(i, c)| {
                let separator = (c == '.' || c == ',')
                    && rest[start + i + 1..].starts_with(|d: char| d.is_ascii_digit());
                !(c.is_ascii_digit() || separator)
            })
            .map_or(rest.len() - start, |(i, _)| i);
        let written = &rest[start..start + len];
        // A digit right after a letter or a point is part of a name or a number ("x2").
        let joined = rest[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '.');
        out.push_str(&rest[..start]);
        match written.replace(',', "").parse::<f64>() {
            Ok(n) if !joined && done < at_most && n == wrong => {
                out.push_str(&number(right));
                done += 1;
            }
            _ => out.push_str(written),
        }
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    out
}

/// The calculations in a text: each run of numbers and operators (with at least one
/// operator) that the solver can work out, with the number after its `=`, if any.
fn calculations(text: &str) -> Vec<Calculation> {
    let text = normalised(text);
    let mut found = Vec::new();
    let parts: Vec<&str> = text.split('=').collect();
    for (i, part) in parts.iter().enumerate() {
        let Some(expression) = trailing_expression(part) else {
            continue;
        };
        let stated = parts.get(i + 1).and_then(|next| leading_number(next));
        // An expression left open counts only after an `=` ("P = (0.4 * 0.6) / 0.4"): a
        // range such as "steps 3-4" is no calculation.
        if stated.is_none() && i == 0 {
            continue;
        }
        let Ok(Some(value)) = lectern_solver::evaluate(&expression) else {
            continue;
        };
        found.push(Calculation {
            expression: expression.trim().to_string(),
            value,
            stated,
        });
    }
    found
}

/// The arithmetic that ends `text` ("so we get 3 * (2 + 4)" gives "3 * (2 + 4)"), when it
/// holds an operator between numbers.
fn trailing_expression(text: &str) -> Option<String> {
    let arithmetic = |c: char| c.is_ascii_digit() || " .+-*/^()".contains(c);
    let start = text
        .char_indices()
        .rev()
        .take_while(|(_, c)| arithmetic(*c))
        .last()
        .map(|(i, _)| i)?;
    let mut run = text[start..].trim().trim_end_matches('.').trim();
    // The run may begin inside a bracket of the words before it ("P(A) = …" leaves ")").
    if run.matches(')').count() > run.matches('(').count() {
        return None;
    }
    while run.matches('(').count() > run.matches(')').count() && run.starts_with('(') {
        run = run[1..].trim_start();
    }
    if run.matches('(').count() != run.matches(')').count() {
        return None;
    }
    let digits = run.chars().filter(char::is_ascii_digit).count();
    let operator = run
        .trim_start_matches('-')
        .chars()
        .any(|c| "+-*/^".contains(c));
    // "2.5" or "-4" is a number, not a calculation. (A range such as "3-4" passes here;
    // `calculations` judges it only where a result is stated.)
    (digits >= 2 && operator && run.chars().next().is_some_and(|c| c != '.')).then(|| run.into())
}

/// The number that begins `text` (" 12 meters", " 0.6."), when it is not the start of a
/// longer expression.
fn leading_number(text: &str) -> Option<f64> {
    let text = text.trim_start();
    let end = text
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && c == '-') || c == ','))
        .map_or(text.len(), |(i, _)| i);
    let written = text[..end].trim_end_matches(['.', ',']);
    let after = text[end..].trim_start();
    if after.starts_with(['+', '*', '/', '^', '(']) || after.starts_with("- ") {
        return None;
    }
    written.replace(',', "").parse().ok()
}

/// Every number written in `text`.
fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .filter_map(|w| w.trim_matches(['.', ',']).replace(',', "").parse().ok())
        .collect()
}

/// Whether `stated` is `value` written to as many decimals as it has (1/3 as 0.33).
fn rounds_to(value: f64, stated: f64) -> bool {
    let written = format!("{stated}");
    let decimals = written.split_once('.').map_or(0, |(_, d)| d.len()) as i32;
    let tolerance = 0.5 * 10f64.powi(-decimals) + 1e-9 * value.abs().max(1.0);
    (value - stated).abs() <= tolerance
}

/// A value as a slide would show it: no trailing zeros, at most four decimals.
fn number(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn worked(steps: &[&str], answer: &str) -> Scene {
        Scene {
            visual: Visual::WorkedExample {
                heading: "Worked example".into(),
                problem: "A coin lands heads with probability 0.6.".into(),
                steps: steps
                    .iter()
                    .map(|s| WorkedStep {
                        text: s.to_string(),
                        math: None,
                    })
                    .collect(),
                answer: answer.into(),
            },
            narration: Vec::new(),
            cites: Vec::new(),
        }
    }

    #[test]
    fn calculations_are_worked_out_and_compared_with_what_the_text_states() {
        let found = calculations("The area is 3 × 4 = 12 square metres, and 2 + 2 = 5.");
        assert_eq!(found.len(), 2);
        assert!(!found[0].wrong());
        assert!(found[1].wrong(), "{found:?}");
        assert_eq!(found[1].value, 4.0);
        let open = calculations("P(Heads|Tails) = (0.4 * 0.6) / 0.4");
        assert_eq!(open.len(), 1, "{open:?}");
        assert!((open[0].value - 0.6).abs() < 1e-9);
        assert_eq!(open[0].stated, None);
        // Rounded as written, and words or lone numbers are no calculation.
        assert!(!calculations("1/3 = 0.33")[0].wrong());
        assert!(calculations("x = 5, so the mass is 2.5 kg").is_empty());
        assert!(calculations("F = ma").is_empty());
    }

    #[test]
    fn a_worked_example_whose_numbers_are_wrong_is_asked_again_with_the_right_value() {
        let bayes = worked(
            &[
                "We know that P(Tails|Heads) = 0.4.",
                "Substituting, P(Heads|Tails) = (0.4 * 0.6) / 0.4.",
            ],
            "The updated probability is 0.7.",
        );
        let reason = wrong_arithmetic(&bayes, "Bayes' theorem").expect("0.7 is not 0.6");
        assert!(reason.contains("0.6"), "{reason}");
        let mistaken = worked(&["The total is 12 * 3 = 38."], "38 apples");
        let reason = wrong_arithmetic(&mistaken, "Multiplication").expect("12 * 3 is 36");
        assert!(reason.contains("36"), "{reason}");
        let right = worked(
            &["The total is 12 * 3 = 36.", "Half of it is 36 / 2"],
            "18 apples",
        );
        assert_eq!(wrong_arithmetic(&right, "Multiplication"), None);
    }

    #[test]
    fn numbers_still_wrong_after_asking_again_are_the_solvers() {
        let mut bayes = worked(
            &[
                "We know that P(Tails|Heads) = 0.4.",
                "Substituting, P(Heads|Tails) = (0.4 * 0.6) / 0.4.",
            ],
            "The updated probability is 0.7.",
        );
        bayes.narration = vec!["So the updated probability of heads is 0.7.".into()];
        if let Visual::WorkedExample { steps, .. } = &mut bayes.visual {
            steps.push(WorkedStep {
                text: "Therefore it is 0.7.".into(),
                math: None,
            });
        }
        assert!(compute_numbers(&mut bayes));
        let Visual::WorkedExample { steps, answer, .. } = &bayes.visual else {
            unreachable!()
        };
        assert_eq!(answer, "The updated probability is 0.6.");
        assert_eq!(steps[2].text, "Therefore it is 0.6.");
        assert_eq!(
            bayes.narration[0],
            "So the updated probability of heads is 0.6."
        );
        assert_eq!(wrong_arithmetic(&bayes, "Bayes' theorem"), None);

        let mut mistaken = worked(&["The total is 12 × 3 = 38."], "38 apples");
        mistaken.narration = vec!["Twelve boxes of 3 make 38 apples, not 3.8.".into()];
        assert!(compute_numbers(&mut mistaken));
        let Visual::WorkedExample { steps, answer, .. } = &mistaken.visual else {
            unreachable!()
        };
        assert_eq!(steps[0].text, "The total is 12 × 3 = 36.");
        assert_eq!(answer, "36 apples");
        assert_eq!(
            mistaken.narration[0],
            "Twelve boxes of 3 make 36 apples, not 3.8."
        );

        // An answer that gives no number, or several, cannot be given the value: left out.
        let mut wordy = worked(&["P = (0.4 * 0.6) / 0.4"], "Heads is now more likely.");
        assert!(!compute_numbers(&mut wordy));
        let mut right = worked(&["The total is 12 * 3 = 36."], "36 apples");
        let before = right.clone();
        assert!(compute_numbers(&mut right));
        assert_eq!(right, before);
    }
}
