//! A problem-solution job: what the API stores as its parameters, and the part of it the
//! pipeline's solution writers read.

use serde::{Deserialize, Serialize};

use crate::Minutes;

/// What the user asked to have solved, as the solution's writers need it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolutionBrief {
    pub problem_text: String,
    pub subject: String,
    pub problem_type: String,
    /// 1 to 3.
    pub detail_level: u8,
    pub duration_minutes: Minutes,
    pub show_work: bool,
    /// The reading the student confirmed before paying: the solver's notation for their
    /// words, written by a language model and accepted by the solver. Solved instead of the
    /// words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
}

impl SolutionBrief {
    /// Whether the problem is mathematics (the default subject), where words that cannot be
    /// read are refused rather than handed to a model to reason about.
    pub fn is_math(&self) -> bool {
        is_math(&self.subject)
    }
}

/// Whether a problem's subject is mathematics (`math`, the default, or empty).
pub fn is_math(subject: &str) -> bool {
    matches!(
        subject.trim().to_lowercase().as_str(),
        "" | "math" | "maths" | "mathematics"
    )
}

/// What a problem-solution job asks for (SPEC.md section 3's problem request); stored as the
/// job's `params`, one flat JSON object: the brief's fields and the job's own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemParams {
    #[serde(flatten)]
    pub brief: SolutionBrief,
    pub is_global: bool,
    pub dry_run: bool,
    /// The exercise of the student's own worksheet that `problem_text` was taken from, when
    /// the student named one ("exercise 3") of a document they brought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worksheet: Option<WorksheetExercise>,
}

/// Where a problem was stated: a numbered exercise of one of the student's documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorksheetExercise {
    pub source_id: String,
    /// The document's title.
    pub title: String,
    /// The exercise's number as written ("3", "2b").
    pub label: String,
    pub page: Option<u32>,
    /// The passage of the document it is in.
    pub passage: u32,
}

impl ProblemParams {
    /// SPEC.md section 5's history title (see [`problem_title`]).
    pub fn history_title(&self) -> String {
        problem_title(&self.brief.problem_text)
    }

    /// The history description: the first 100 characters of the problem, after where it is
    /// stated when it is an exercise of the student's worksheet ("Exercise 3 of Algebra
    /// practice, page 2: ...").
    pub fn description(&self) -> String {
        let problem: String = self.brief.problem_text.trim().chars().take(100).collect();
        match &self.worksheet {
            Some(w) => {
                let page = w.page.map(|p| format!(", page {p}")).unwrap_or_default();
                format!("Exercise {} of {}{page}: {problem}", w.label, w.title)
            }
            None => problem,
        }
    }

    /// The history record's original title: the first 50 characters of the problem.
    pub fn original_title(&self) -> String {
        self.brief.problem_text.trim().chars().take(50).collect()
    }
}

/// SPEC.md section 5's title rule for a problem's history record: trimmed; 'math' or fewer
/// than 5 characters becomes 'Problem Solution: {text}'; more than 100 characters is cut to
/// 97 plus '...'.
pub fn problem_title(problem_text: &str) -> String {
    let text = problem_text.trim();
    let length = text.chars().count();
    if text.eq_ignore_ascii_case("math") || length < 5 {
        format!("Problem Solution: {text}")
    } else if length > 100 {
        format!("{}...", text.chars().take(97).collect::<String>())
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn params(reading: Option<&str>) -> ProblemParams {
        ProblemParams {
            brief: SolutionBrief {
                problem_text: "2x + 3 = 11".into(),
                subject: "math".into(),
                problem_type: "homework".into(),
                detail_level: 2,
                duration_minutes: Minutes::whole(3),
                show_work: true,
                reading: reading.map(str::to_string),
            },
            is_global: false,
            dry_run: true,
            worksheet: None,
        }
    }

    #[test]
    fn problem_params_are_stored_as_one_flat_object_and_read_back_the_same() {
        for original in [params(None), params(Some("2*x + 3 = 11"))] {
            let text = serde_json::to_string(&original).unwrap();
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(value["problem_text"], "2x + 3 = 11");
            assert_eq!(
                value["duration_minutes"], 3,
                "whole minutes stay an integer"
            );
            assert_eq!(value["is_global"], false);
            assert!(value.get("brief").is_none(), "{text}");
            // What counts a user's free previews searches the stored text for this.
            assert!(text.contains("\"dry_run\":true"), "{text}");
            let read: ProblemParams = serde_json::from_str(&text).unwrap();
            assert_eq!(read, original);
        }
    }

    #[test]
    fn parameters_stored_before_the_reading_existed_are_read() {
        let stored = json!({
            "problem_text": "x^2 - 5x + 6 = 0", "subject": "Algebra", "problem_type": "exam",
            "detail_level": 3, "duration_minutes": 7, "show_work": false, "is_global": true,
            "dry_run": false,
        });
        let read: ProblemParams = serde_json::from_value(stored).unwrap();
        assert_eq!(read.brief.duration_minutes, Minutes::whole(7));
        assert_eq!(read.brief.reading, None);
        assert!(read.is_global);
        assert!(!read.brief.is_math());
    }

    #[test]
    fn the_history_title_follows_spec_section_5() {
        assert_eq!(problem_title("  math "), "Problem Solution: math");
        assert_eq!(problem_title("x=1"), "Problem Solution: x=1");
        let long = "y".repeat(101);
        assert_eq!(problem_title(&long), format!("{}...", "y".repeat(97)));
        assert_eq!(params(None).history_title(), "2x + 3 = 11");
    }
}
