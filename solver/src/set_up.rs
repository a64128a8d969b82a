//! The set-up of a problem in words, written out in its reading: the equations, then what
//! each unknown stands for with its unit, and any amount of the words that is not needed:
//!
//! `b + (b + 6) = 40, where b is Ben's age (years)`
//! `3x + 2 = 20, where x is the price of one pen (dollars); 5 is not needed`
//!
//! The reading stays one line a student reads, corrects and confirms; the solver solves and
//! the checker checks the equations alone, and the answer is given with the unknown's unit
//! (`b = 17 years`).

/// A reading taken apart.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetUp {
    /// The equations or calculation, in the solver's notation.
    pub notation: String,
    pub unknowns: Vec<Unknown>,
    /// Amounts of the words the set-up leaves out on purpose (`5`), as written there.
    pub not_needed: Vec<String>,
}

/// What a letter of the set-up stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unknown {
    pub letter: String,
    /// In the problem's words: "Ben's age".
    pub means: String,
    /// "years", "cm"; `None` for a plain number.
    pub unit: Option<String>,
}

const WHERE: &str = ", where ";
const NOT_NEEDED: &str = " is not needed";

impl SetUp {
    /// Whether the reading says more than its notation: unknowns or amounts not needed.
    pub fn says_more(&self) -> bool {
        !self.unknowns.is_empty() || !self.not_needed.is_empty()
    }

    /// A reading taken apart when it is a set-up that can be used (`None` for notation alone,
    /// or for words such as "the area of a circle, where the radius is 3 cm").
    pub fn of(reading: &str) -> Option<SetUp> {
        let set_up = SetUp::read(reading);
        (set_up.says_more() && set_up.problem().is_none()).then_some(set_up)
    }

    /// Takes a reading apart; a reading without `, where ` is all notation.
    pub fn read(reading: &str) -> SetUp {
        let Some((notation, rest)) = reading.split_once(WHERE) else {
            return SetUp {
                notation: reading.trim().to_string(),
                ..SetUp::default()
            };
        };
        let mut set_up = SetUp {
            notation: notation.trim().to_string(),
            ..SetUp::default()
        };
        for clause in rest.split(';').map(str::trim).filter(|c| !c.is_empty()) {
            if let Some(amount) = clause.strip_suffix(NOT_NEEDED) {
                set_up.not_needed.push(amount.trim().to_string());
            } else if let Some(letter) = clause.strip_suffix(" is") {
                set_up.unknowns.push(Unknown {
                    letter: letter.trim().to_string(),
                    means: String::new(),
                    unit: None,
                });
            } else if let Some((letter, meaning)) = clause.split_once(" is ") {
                let (means, unit) = match meaning.trim().strip_suffix(')') {
                    Some(open) => match open.rsplit_once('(') {
                        Some((means, unit)) => (means.trim(), Some(unit.trim().to_string())),
                        None => (meaning.trim(), None),
                    },
                    None => (meaning.trim(), None),
                };
                set_up.unknowns.push(Unknown {
                    letter: letter.trim().to_string(),
                    means: means.to_string(),
                    unit: unit.filter(|u| !u.is_empty()),
                });
            }
        }
        set_up
    }

    /// The reading as one line: the notation, then `, where ...` when there is more to say.
    pub fn written(&self) -> String {
        let clauses: Vec<String> = self
            .unknowns
            .iter()
            .map(|u| match &u.unit {
                Some(unit) => format!("{} is {} ({unit})", u.letter, u.means),
                None => format!("{} is {}", u.letter, u.means),
            })
            .chain(self.not_needed.iter().map(|n| format!("{n}{NOT_NEEDED}")))
            .collect();
        if clauses.is_empty() {
            self.notation.clone()
        } else {
            format!("{}{WHERE}{}", self.notation, clauses.join("; "))
        }
    }

    /// Why the set-up cannot be used, if it cannot: an unknown that is no single letter or
    /// that the notation does not use, one said twice, or one without a meaning.
    pub fn problem(&self) -> Option<String> {
        let used = |letter: &str| {
            self.notation
                .split(|c: char| !c.is_alphabetic())
                .any(|w| w == letter)
        };
        for (i, unknown) in self.unknowns.iter().enumerate() {
            let letter = unknown.letter.as_str();
            if letter.chars().count() != 1 || !letter.chars().all(char::is_alphabetic) {
                return Some(format!("the unknown '{letter}' is not one letter"));
            }
            if unknown.means.trim().is_empty() {
                return Some(format!("it does not say what {letter} stands for"));
            }
            if !used(letter) {
                return Some(format!(
                    "{letter} ({}) is not in the equations {}",
                    unknown.means, self.notation
                ));
            }
            if self.unknowns[..i].iter().any(|u| u.letter == letter) {
                return Some(format!("{letter} is named twice"));
            }
        }
        None
    }

    /// The answer with each unknown's unit: `b = 17` to `b = 17 years`, `x = 2, y = 3` to
    /// `x = 2 cm, y = 3 cm`; anything else as it is.
    pub fn with_units(&self, answer: &str) -> String {
        if self.unknowns.iter().all(|u| u.unit.is_none()) {
            return answer.to_string();
        }
        answer
            .split(", ")
            .map(|part| {
                let unit = part.split_once('=').and_then(|(letter, value)| {
                    let value = value.trim();
                    let number = !value.is_empty()
                        && value
                            .chars()
                            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '/'));
                    self.unknowns
                        .iter()
                        .find(|u| u.letter == letter.trim())
                        .and_then(|u| u.unit.as_deref())
                        .filter(|_| number)
                });
                match unit {
                    Some(unit) => format!("{part} {unit}"),
                    None => part.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What the set-up says in words, before the working: "Let b be Ben's age, in years."
    /// and "The 4 is not needed."
    pub fn said(&self) -> Option<String> {
        let lets: Vec<String> = self
            .unknowns
            .iter()
            .map(|u| match &u.unit {
                Some(unit) => format!("{} be {}, in {unit}", u.letter, u.means),
                None => format!("{} be {}", u.letter, u.means),
            })
            .collect();
        let mut sentences = Vec::new();
        if !lets.is_empty() {
            sentences.push(format!("Let {}.", lets.join(", and let ")));
        }
        if !self.not_needed.is_empty() {
            sentences.push(format!(
                "The question does not need {}.",
                self.not_needed.join(" or ")
            ));
        }
        (!sentences.is_empty()).then(|| sentences.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_up_is_read_and_written_back_as_it_was() {
        for reading in [
            "b + (b + 6) = 40, where b is Ben's age (years)",
            "3x + 2 = 20, where x is the price of one pen (dollars); 5 is not needed",
            "x + y = 10; x - y = 2, where x is the larger number; y is the smaller number",
            "lim_(x->1) ((x^2 - 1)/(x - 1))",
        ] {
            assert_eq!(SetUp::read(reading).written(), reading);
        }
        let set_up =
            SetUp::read("3x + 2 = 20, where x is the price of one pen (dollars); 5 is not needed");
        assert_eq!(set_up.notation, "3x + 2 = 20");
        assert_eq!(set_up.unknowns[0].means, "the price of one pen");
        assert_eq!(set_up.unknowns[0].unit.as_deref(), Some("dollars"));
        assert_eq!(set_up.not_needed, ["5"]);
        assert_eq!(set_up.problem(), None);
    }

    #[test]
    fn the_answer_carries_the_unknowns_unit() {
        let set_up = SetUp::read("b + (b + 6) = 40, where b is Ben's age (years)");
        assert_eq!(set_up.with_units("b = 17"), "b = 17 years");
        assert_eq!(set_up.with_units("no solution"), "no solution");
        assert_eq!(
            set_up.said().as_deref(),
            Some("Let b be Ben's age, in years.")
        );
        let two =
            SetUp::read("l = 2w; 2l + 2w = 36, where l is the length (cm); w is the width (cm)");
        assert_eq!(two.with_units("l = 12, w = 6"), "l = 12 cm, w = 6 cm");
    }

    #[test]
    fn an_unknown_the_equations_do_not_use_is_refused() {
        for (reading, says) in [
            (
                "b + 6 = 40, where a is Ann's age (years)",
                "not in the equations",
            ),
            ("b + 6 = 40, where age is Ben's age", "not one letter"),
            ("b + 6 = 40, where b is ", "does not say"),
        ] {
            let problem = SetUp::read(reading).problem().unwrap_or_default();
            assert!(problem.contains(says), "{reading}: {problem}");
        }
    }
}
