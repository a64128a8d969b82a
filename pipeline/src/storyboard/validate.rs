use std::fmt;

use serde::Serialize;

use super::{CheckpointAnswer, MAX_CHECKPOINTS, STORYBOARD_VERSION, Scene, Storyboard, Visual};

/// Layout limits: the templates are designed so that content within them fits its box.
const MAX_TITLE: usize = 90;
const MAX_HEADING: usize = 80;
const MAX_ITEM: usize = 120;
pub(crate) const MAX_ITEMS: usize = 6;
const MAX_PARAGRAPH: usize = 320;
/// The longest narration beat, in characters.
pub(crate) const MAX_SENTENCE: usize = 400;
/// How many beats a scene may say after those that reveal its elements.
pub(crate) const MAX_EXTRA_BEATS: usize = 6;
const MAX_MATH: usize = 160;
const MAX_CODE_LINES: usize = 18;
const MAX_CODE_LINE: usize = 72;
const MAX_SCENES: usize = 60;

/// One precise problem in a storyboard: where (a JSON path) and what.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValidationError {
    pub path: String,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValidationErrors(pub Vec<ValidationError>);

impl ValidationErrors {
    pub fn single(path: impl Into<String>, message: impl Into<String>) -> Self {
        ValidationErrors(vec![ValidationError {
            path: path.into(),
            message: message.into(),
        }])
    }

    /// The scenes the errors name (`scenes[3].…`), in the order named.
    pub fn scenes(&self) -> Vec<usize> {
        self.0
            .iter()
            .filter_map(|e| {
                e.path
                    .strip_prefix("scenes[")?
                    .split(']')
                    .next()?
                    .parse()
                    .ok()
            })
            .collect()
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if error.path.is_empty() {
                write!(f, "{}", error.message)?;
            } else {
                write!(f, "{}: {}", error.path, error.message)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}

/// Collects every failed check of a document with its path (storyboards and course
/// outlines).
#[derive(Default)]
pub(crate) struct Checker {
    errors: Vec<ValidationError>,
}

impl Checker {
    /// Every failed check, or `Ok` when there was none.
    pub(crate) fn finish(self) -> Result<(), ValidationErrors> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(ValidationErrors(self.errors))
        }
    }

    pub(crate) fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.errors.push(ValidationError {
            path: path.into(),
            message: message.into(),
        });
    }

    pub(crate) fn text(&mut self, path: &str, value: &str, max: usize) {
        let trimmed = value.trim();
        if trimmed.is_empty() {
            self.push(path, "must not be empty");
            return;
        }
        let len = trimmed.chars().count();
        if len > max {
            self.push(path, format!("is {len} characters long; at most {max}"));
        }
        if trimmed.contains('\n') {
            self.push(path, "must be a single line");
        }
    }

    fn optional(&mut self, path: &str, value: &Option<String>, max: usize) {
        if let Some(value) = value {
            self.text(path, value, max);
        }
    }

    fn list(&mut self, path: &str, items: &[String], min: usize, max: usize) {
        self.list_of(path, items, min, max, MAX_ITEM);
    }

    /// A list of `min` to `max` single-line texts of at most `item_max` characters each.
    pub(crate) fn list_of(
        &mut self,
        path: &str,
        items: &[String],
        min: usize,
        max: usize,
        item_max: usize,
    ) {
        self.count(path, items.len(), min, max);
        for (i, item) in items.iter().enumerate() {
            self.text(&format!("{path}[{i}]"), item, item_max);
        }
    }

    pub(crate) fn count(&mut self, path: &str, len: usize, min: usize, max: usize) {
        if len < min || len > max {
            self.push(
                path,
                format!("has {len} entries; between {min} and {max} needed"),
            );
        }
    }

    fn math(&mut self, path: &str, math: &str) {
        self.text(path, math, MAX_MATH);
        if math.contains('#') || math.contains('$') {
            self.push(
                path,
                "math is Typst math syntax without '#' or '$' (write x^2 + 1, frac(a, b), sqrt(x))",
            );
        }
    }
}

/// The checks of one scene on its own: its fields' lengths and counts, and its beats.
pub fn check_scene_alone(scene: &Scene) -> Result<(), ValidationErrors> {
    let mut c = Checker::default();
    check_scene(&mut c, "scene", scene);
    c.finish()
}

impl Storyboard {
    /// Checks the whole document and reports every problem, each with its JSON path.
    pub fn validate(&self) -> Result<(), ValidationErrors> {
        let mut c = Checker::default();
        if self.version != STORYBOARD_VERSION {
            c.push(
                "version",
                format!(
                    "is {}; this renderer reads version {STORYBOARD_VERSION}",
                    self.version
                ),
            );
        }
        c.text("title", &self.title, MAX_TITLE);
        if !(1..=3).contains(&self.level) {
            c.push("level", format!("is {}; 1, 2 or 3 expected", self.level));
        }
        if !(0.25..=20.0).contains(&self.target_minutes) {
            c.push("target_minutes", "must be between 0.25 and 20");
        }
        if !(80..=260).contains(&self.wpm.get()) {
            c.push(
                "wpm",
                format!("is {}; between 80 and 260 expected", self.wpm),
            );
        }
        c.count("scenes", self.scenes.len(), 1, MAX_SCENES);
        if let Some(first) = self.scenes.first()
            && !matches!(first.visual, Visual::Title { .. })
        {
            c.push("scenes[0].kind", "the first scene must be a title scene");
        }
        for (i, scene) in self.scenes.iter().enumerate() {
            check_scene(&mut c, &format!("scenes[{i}]"), scene);
        }
        check_checkpoints(&mut c, self);
        c.finish()
    }

    /// The narration must be within `tolerance` (0.15 = 15%) of duration x wpm words.
    pub fn check_word_budget(&self, tolerance: f64) -> Result<(), ValidationErrors> {
        self.check_word_range(tolerance, tolerance)
    }

    /// The fewest words the narration is accepted with, `short` (a share of the budget) under
    /// its budget.
    pub fn fewest_words(&self, short: f64) -> usize {
        (self.target_words() as f64 * (1.0 - short)).floor() as usize
    }

    /// The narration must have between `short` (0.5 = 50%) fewer and `long` more words than
    /// duration x wpm.
    pub fn check_word_range(&self, short: f64, long: f64) -> Result<(), ValidationErrors> {
        let target = self.target_words();
        let words = self.word_count();
        let low = self.fewest_words(short);
        let high = (target as f64 * (1.0 + long)).ceil() as usize;
        if words < low || words > high {
            return Err(ValidationErrors::single(
                "scenes[].narration",
                format!(
                    "the narration has {words} words; the budget is {target} words \
                     ({} minutes at {} words per minute), so between {low} and {high} are needed",
                    self.target_minutes, self.wpm
                ),
            ));
        }
        Ok(())
    }
}

/// Checkpoint questions: at most four, in the order of the video, each about a scene that
/// exists, with a question, an explanation, and a right answer among distinct options (or a
/// finite number).
fn check_checkpoints(c: &mut Checker, storyboard: &Storyboard) {
    c.count(
        "checkpoints",
        storyboard.checkpoints.len(),
        0,
        MAX_CHECKPOINTS,
    );
    let mut previous = 0;
    for (i, checkpoint) in storyboard.checkpoints.iter().enumerate() {
        let p = |field: &str| format!("checkpoints[{i}].{field}");
        if checkpoint.scene >= storyboard.scenes.len() {
            c.push(
                p("scene"),
                format!(
                    "is {}; the index of one of the {} scenes",
                    checkpoint.scene,
                    storyboard.scenes.len()
                ),
            );
        } else if checkpoint.scene < previous {
            c.push(p("scene"), "checkpoints come in the order of their scenes");
        }
        previous = checkpoint.scene;
        c.text(&p("question"), &checkpoint.question, 200);
        c.text(&p("explanation"), &checkpoint.explanation, 300);
        match &checkpoint.answer {
            CheckpointAnswer::Choice { options, answer } => {
                c.count(&p("options"), options.len(), 2, 5);
                for (j, option) in options.iter().enumerate() {
                    c.text(&p(&format!("options[{j}]")), option, super::MAX_OPTION);
                    let key = option.trim().to_lowercase();
                    if options[..j].iter().any(|o| o.trim().to_lowercase() == key) {
                        c.push(p(&format!("options[{j}]")), "repeats an earlier option");
                    }
                }
                if *answer >= options.len() {
                    c.push(
                        p("answer"),
                        format!("is {answer}; an index into the {} options", options.len()),
                    );
                }
            }
            CheckpointAnswer::Number {
                value,
                tolerance,
                unit,
            } => {
                if !value.is_finite() {
                    c.push(p("value"), "must be a finite number");
                }
                if !(tolerance.is_finite() && *tolerance >= 0.0) {
                    c.push(p("tolerance"), "must be a finite number, 0 or more");
                }
                c.optional(&p("unit"), unit, 20);
            }
        }
    }
}

fn check_scene(c: &mut Checker, path: &str, scene: &Scene) {
    let p = |field: &str| format!("{path}.{field}");
    match &scene.visual {
        Visual::Title { title, subtitle } => {
            c.text(&p("title"), title, MAX_TITLE);
            c.optional(&p("subtitle"), subtitle, MAX_ITEM);
        }
        Visual::Bullets { heading, items } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.list(&p("items"), items, 1, MAX_ITEMS);
        }
        Visual::Definition {
            term,
            definition,
            example,
        } => {
            c.text(&p("term"), term, MAX_HEADING);
            c.text(&p("definition"), definition, MAX_PARAGRAPH);
            c.optional(&p("example"), example, MAX_PARAGRAPH);
        }
        Visual::EquationSteps { heading, steps } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.count(&p("steps"), steps.len(), 1, 5);
            for (i, step) in steps.iter().enumerate() {
                c.math(&p(&format!("steps[{i}].math")), &step.math);
                c.optional(&p(&format!("steps[{i}].note")), &step.note, 60);
            }
        }
        Visual::WorkedExample {
            heading,
            problem,
            steps,
            answer,
        } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.text(&p("problem"), problem, 200);
            c.count(&p("steps"), steps.len(), 1, 4);
            for (i, step) in steps.iter().enumerate() {
                c.text(&p(&format!("steps[{i}].text")), &step.text, 90);
                if let Some(math) = &step.math {
                    c.math(&p(&format!("steps[{i}].math")), math);
                }
            }
            c.text(&p("answer"), answer, MAX_ITEM);
        }
        Visual::Code {
            heading,
            language,
            code,
            focus,
        } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            if language.is_empty()
                || language.len() > 20
                || !language
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || "+#-_".contains(ch))
            {
                c.push(
                    p("language"),
                    "must be a language name such as python or rust",
                );
            }
            let lines: Vec<&str> = code.lines().collect();
            if code.trim().is_empty() {
                c.push(p("code"), "must not be empty");
            }
            if lines.len() > MAX_CODE_LINES {
                c.push(
                    p("code"),
                    format!("has {} lines; at most {MAX_CODE_LINES}", lines.len()),
                );
            }
            for (i, line) in lines.iter().enumerate() {
                let len = line.replace('\t', "    ").chars().count();
                if len > MAX_CODE_LINE {
                    c.push(
                        p("code"),
                        format!(
                            "line {} is {len} characters long; at most {MAX_CODE_LINE}",
                            i + 1
                        ),
                    );
                }
            }
            for (i, range) in focus.iter().enumerate() {
                if range.start < 1 || range.end < range.start || range.end as usize > lines.len() {
                    c.push(
                        p(&format!("focus[{i}]")),
                        format!(
                            "lines {}-{} are not within the code's {} lines",
                            range.start,
                            range.end,
                            lines.len()
                        ),
                    );
                }
            }
        }
        Visual::Plot {
            heading,
            x_label,
            y_label,
            series,
        } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.text(&p("x_label"), x_label, 40);
            c.text(&p("y_label"), y_label, 40);
            c.count(&p("series"), series.len(), 1, 4);
            for (i, s) in series.iter().enumerate() {
                c.text(&p(&format!("series[{i}].label")), &s.label, 40);
                c.count(&p(&format!("series[{i}].points")), s.points.len(), 2, 400);
                if s.points.iter().flatten().any(|v| !v.is_finite()) {
                    c.push(
                        p(&format!("series[{i}].points")),
                        "every value must be finite",
                    );
                }
                if s.points.windows(2).any(|w| w[1][0] < w[0][0]) {
                    c.push(
                        p(&format!("series[{i}].points")),
                        "points must be in increasing x",
                    );
                }
            }
        }
        Visual::Comparison {
            heading,
            left_title,
            right_title,
            rows,
        } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.text(&p("left_title"), left_title, 40);
            c.text(&p("right_title"), right_title, 40);
            c.count(&p("rows"), rows.len(), 1, 5);
            for (i, row) in rows.iter().enumerate() {
                c.text(&p(&format!("rows[{i}].left")), &row.left, 90);
                c.text(&p(&format!("rows[{i}].right")), &row.right, 90);
            }
        }
        Visual::SolutionSteps {
            heading,
            steps,
            answer,
        } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.count(&p("steps"), steps.len(), 1, 5);
            for (i, step) in steps.iter().enumerate() {
                let at = |field: &str| p(&format!("steps[{i}].{field}"));
                c.count(&at("parts"), step.parts.len(), 1, 40);
                for (j, part) in step.parts.iter().enumerate() {
                    c.math(&at(&format!("parts[{j}].math")), &part.math);
                }
                let line: usize = step
                    .parts
                    .iter()
                    .map(|part| part.math.chars().count())
                    .sum();
                if line > MAX_MATH {
                    c.push(
                        at("parts"),
                        format!("the line is {line} characters long; at most {MAX_MATH}"),
                    );
                }
                c.optional(&at("rule"), &step.rule, MAX_ITEM);
            }
            if let Some(answer) = answer {
                c.math(&p("answer.math"), &answer.math);
            }
        }
        Visual::Summary { heading, points } => {
            c.text(&p("heading"), heading, MAX_HEADING);
            c.list(&p("points"), points, 1, MAX_ITEMS);
        }
        Visual::Quiz {
            question,
            options,
            answer,
            explanation,
        } => {
            c.text(&p("question"), question, 200);
            c.count(&p("options"), options.len(), 2, 5);
            for (i, option) in options.iter().enumerate() {
                c.text(&p(&format!("options[{i}]")), option, 80);
                // Four options that say one thing make a question with no answer to find.
                let key = option.trim().to_lowercase();
                if options[..i].iter().any(|o| o.trim().to_lowercase() == key) {
                    c.push(p(&format!("options[{i}]")), "repeats an earlier option");
                }
            }
            if *answer >= options.len() {
                c.push(
                    p("answer"),
                    format!("is {answer}; an index into the {} options", options.len()),
                );
            }
            c.optional(&p("explanation"), explanation, 200);
        }
    }

    let elements = scene.visual.element_count();
    if scene.narration.len() < elements {
        c.push(
            p("narration"),
            format!(
                "has {} sentences but the {} scene reveals {elements} elements; \
                 each element needs its own sentence",
                scene.narration.len(),
                scene.visual.kind()
            ),
        );
    }
    if scene.narration.len() > elements + MAX_EXTRA_BEATS {
        c.push(
            p("narration"),
            format!(
                "has {} sentences for {elements} elements; split the scene",
                scene.narration.len()
            ),
        );
    }
    for (i, sentence) in scene.narration.iter().enumerate() {
        c.text(&p(&format!("narration[{i}]")), sentence, MAX_SENTENCE);
        if !sentence.chars().any(char::is_alphanumeric) {
            c.push(p(&format!("narration[{i}]")), "must contain words");
        }
    }
    // The citations of a lesson written from sources: one list a beat, or none at all.
    if !scene.cites.is_empty() && scene.cites.len() != scene.narration.len() {
        c.push(
            p("cites"),
            format!(
                "has {} lists for {} narration beats; give one list a beat, or none",
                scene.cites.len(),
                scene.narration.len()
            ),
        );
    }
    for (i, (beat, cites)) in scene.narration.iter().zip(&scene.cites).enumerate() {
        let count = super::sentences_of(beat).len();
        if let Some(sentence) = cites
            .iter()
            .filter_map(|c| c.sentence)
            .find(|&s| s as usize >= count)
        {
            c.push(
                p(&format!("cites[{i}]")),
                format!(
                    "names sentence {sentence} of a beat of {count} sentences (counted from 0)"
                ),
            );
        }
    }
}
