//! The printable study sheet of a video: a PDF laid out by Typst with the slides' fonts, with
//! the key points, the definitions, the notes of each part, the worked steps (a check mark
//! where a computation verified one), the code, the questions (the checkpoints, then the
//! quiz scenes), their answers at the end, and the sources.

use serde::Serialize;
use typst_layout::PagedDocument;

use crate::checkpoints::{number_text, teaches};
use crate::frames::world::SlideWorld;
use crate::storyboard::{CheckpointAnswer, Storyboard, Visual};
use crate::titles::level_name;

const TEMPLATE: &str = include_str!("sheet.typ");

#[derive(Debug, thiserror::Error)]
#[error("the study sheet could not be laid out: {0}")]
pub struct StudySheetError(String);

/// The study sheet of `storyboard` as a PDF.
pub fn pdf(storyboard: &Storyboard) -> Result<Vec<u8>, StudySheetError> {
    let data = serde_json::to_vec(&sheet(storyboard)).expect("a study sheet serialises");
    let world = SlideWorld::document("/sheet.typ", TEMPLATE, data);
    let document = typst::compile::<PagedDocument>(&world)
        .output
        .map_err(failed)?;
    typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default()).map_err(failed)
}

/// A PDF typeset by Typst from `source` with the slides' library and fonts; `data` is what
/// the source reads as `/data.json` (bytes of any kind: `read("/data.json", encoding: none)`).
/// Tests and benchmarks make their documents with it (a learner's sources, issue 50).
pub fn typeset(source: &str, data: Vec<u8>) -> Result<Vec<u8>, StudySheetError> {
    let world = SlideWorld::document("/document.typ", source, data);
    let document = typst::compile::<PagedDocument>(&world)
        .output
        .map_err(failed)?;
    typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default()).map_err(failed)
}

fn failed(diagnostics: impl IntoIterator<Item = typst::diag::SourceDiagnostic>) -> StudySheetError {
    StudySheetError(
        diagnostics
            .into_iter()
            .map(|d| d.message.to_string())
            .collect::<Vec<_>>()
            .join("; "),
    )
}

/// What the template lays out.
#[derive(Debug, Default, Serialize, PartialEq)]
pub struct Sheet {
    pub title: String,
    /// "Science · Intermediate".
    pub kicker: String,
    pub accent: String,
    pub offline: bool,
    pub key_points: Vec<String>,
    pub definitions: Vec<Definition>,
    pub notes: Vec<Note>,
    pub worked: Vec<Worked>,
    pub code: Vec<Code>,
    pub questions: Vec<Question>,
    pub answers: Vec<Answer>,
    pub sources: Vec<String>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Definition {
    pub term: String,
    pub definition: String,
    pub example: Option<String>,
    pub source: Option<String>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Note {
    pub heading: String,
    pub items: Vec<String>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Worked {
    pub heading: String,
    pub problem: Option<String>,
    pub steps: Vec<WorkedLine>,
    /// Typst math, drawn boxed.
    pub answer_math: Option<String>,
    pub answer_checked: bool,
    pub answer_text: Option<String>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct WorkedLine {
    pub math: Option<String>,
    pub text: Option<String>,
    pub checked: bool,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Code {
    pub heading: String,
    pub language: String,
    pub code: String,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Question {
    pub number: usize,
    pub question: String,
    pub options: Vec<String>,
    pub unit: Option<String>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Answer {
    pub number: usize,
    pub answer: String,
    pub explanation: String,
}

/// The sheet's content, from the storyboard alone.
pub fn sheet(storyboard: &Storyboard) -> Sheet {
    let mut sheet = Sheet {
        title: storyboard.title.clone(),
        kicker: if storyboard.show_level {
            format!(
                "{} · {}",
                storyboard.subject.as_str(),
                level_name(storyboard.level)
            )
        } else {
            storyboard.subject.as_str().to_string()
        },
        accent: storyboard.subject.accent().to_string(),
        offline: storyboard.is_offline_draft(),
        ..Sheet::default()
    };
    let count = storyboard.scenes.len();
    for (index, scene) in storyboard.scenes.iter().enumerate() {
        match &scene.visual {
            Visual::Summary { points, .. } => sheet.key_points.extend(points.iter().cloned()),
            Visual::Definition {
                term,
                definition,
                example,
            } => sheet.definitions.push(Definition {
                term: term.clone(),
                definition: definition.clone(),
                example: example.clone(),
                source: storyboard
                    .sources
                    .iter()
                    .find(|s| s.definition == *definition)
                    .map(|s| s.source.clone()),
            }),
            Visual::Bullets { heading, items } if teaches(index, scene, count) => {
                sheet.notes.push(Note {
                    heading: heading.clone(),
                    items: items.clone(),
                });
            }
            Visual::Comparison {
                heading,
                left_title,
                right_title,
                rows,
            } => sheet.notes.push(Note {
                heading: heading.clone(),
                items: rows
                    .iter()
                    .map(|r| format!("{left_title}: {} — {right_title}: {}", r.left, r.right))
                    .collect(),
            }),
            Visual::EquationSteps { heading, steps } => sheet.worked.push(Worked {
                heading: heading.clone(),
                problem: None,
                steps: steps
                    .iter()
                    .map(|s| WorkedLine {
                        math: Some(s.math.clone()),
                        text: s.note.clone(),
                        checked: false,
                    })
                    .collect(),
                answer_math: None,
                answer_checked: false,
                answer_text: None,
            }),
            Visual::WorkedExample {
                heading,
                problem,
                steps,
                answer,
            } => sheet.worked.push(Worked {
                heading: heading.clone(),
                problem: Some(problem.clone()),
                steps: steps
                    .iter()
                    .map(|s| WorkedLine {
                        math: s.math.clone(),
                        text: Some(s.text.clone()),
                        checked: false,
                    })
                    .collect(),
                answer_math: None,
                answer_checked: false,
                answer_text: Some(answer.clone()),
            }),
            Visual::SolutionSteps {
                heading,
                steps,
                answer,
            } => sheet.worked.push(Worked {
                heading: heading.clone(),
                problem: None,
                steps: steps
                    .iter()
                    .map(|s| WorkedLine {
                        math: Some(s.parts.iter().map(|p| p.math.as_str()).collect()),
                        text: s.rule.clone(),
                        checked: s.checked,
                    })
                    .collect(),
                answer_math: answer.as_ref().map(|a| a.math.clone()),
                answer_checked: answer.as_ref().is_some_and(|a| a.checked),
                answer_text: None,
            }),
            Visual::Code {
                heading,
                language,
                code,
                ..
            } => sheet.code.push(Code {
                heading: heading.clone(),
                language: language.clone(),
                code: code.clone(),
            }),
            _ => {}
        }
    }
    let mut number = 0;
    for checkpoint in &storyboard.checkpoints {
        number += 1;
        let (options, unit, answer) = match &checkpoint.answer {
            CheckpointAnswer::Choice { options, answer } => (
                options.clone(),
                None,
                format!(
                    "{}) {}",
                    letter(*answer),
                    options.get(*answer).cloned().unwrap_or_default()
                ),
            ),
            CheckpointAnswer::Number { value, unit, .. } => (
                Vec::new(),
                unit.clone(),
                format!(
                    "{}{}",
                    number_text(*value),
                    unit.as_ref().map(|u| format!(" {u}")).unwrap_or_default()
                ),
            ),
        };
        sheet.questions.push(Question {
            number,
            question: checkpoint.question.clone(),
            options,
            unit,
        });
        sheet.answers.push(Answer {
            number,
            answer,
            explanation: checkpoint.explanation.clone(),
        });
    }
    for scene in &storyboard.scenes {
        if let Visual::Quiz {
            question,
            options,
            answer,
            explanation,
        } = &scene.visual
        {
            number += 1;
            sheet.questions.push(Question {
                number,
                question: question.clone(),
                options: options.clone(),
                unit: None,
            });
            sheet.answers.push(Answer {
                number,
                answer: format!(
                    "{}) {}",
                    letter(*answer),
                    options.get(*answer).cloned().unwrap_or_default()
                ),
                explanation: explanation.clone().unwrap_or_default(),
            });
        }
    }
    // The learner's documents the lesson is written from first, with the pages it cites.
    sheet.sources = storyboard
        .from_sources
        .iter()
        .flat_map(|from| from.documents.iter().map(crate::grounding::document_credit))
        .chain(
            storyboard
                .sources
                .iter()
                .map(|s| format!("{}: {}", s.term, s.source)),
        )
        .collect();
    sheet
}

fn letter(index: usize) -> char {
    (b'A' + index.min(25) as u8) as char
}
