//! Writing a planned scene: its request and schema, the written JSON turned into a slide
//! and its beats, asked again once with the reason when a check finds a flaw; the summary;
//! the word budget shared by the scenes.

use super::*;

pub(super) fn text(max: u32) -> Value {
    json!({ "type": "string", "minLength": 1, "maxLength": max })
}

/// A line of Typst math, without a backslash (and so without a quote, which JSON writes with
/// one): asked for Typst math, the 1.5B model writes LaTeX ("\lim_{h \to 0} \frac{…}"),
/// which does not typeset, and writes it again when asked again with the reason. The class
/// is written as ranges around `"`, `[`, `\` and `]`: with a negated class (`[^\\]`)
/// llama-server stops enforcing the grammar and answers HTTP 500.
fn math_line(max: u32) -> Value {
    json!({ "type": "string", "pattern": format!("^[ !#-Z^-~]{{1,{max}}}$") })
}

/// A spoken sentence: long enough to say something (a tiny model otherwise answers "Yes.").
pub(super) fn sentence() -> Value {
    json!({ "type": "string", "minLength": 50, "maxLength": SENTENCE_CHARS })
}

pub(super) fn sentences(count: usize) -> Value {
    json!({
        "type": "array",
        "items": sentence(),
        "minItems": count,
        "maxItems": count,
    })
}

pub(super) fn array(items: Value, count: usize) -> Value {
    json!({ "type": "array", "items": items, "minItems": count, "maxItems": count })
}

pub(super) fn scene_schema(kind: BodyKind, elements: usize, extra: usize) -> Value {
    let more = sentences(extra);
    match kind {
        BodyKind::Definition => object(json!({
            "term": text(60),
            "definition": text(300),
            "say_definition": sentence(),
            "example": text(300),
            "say_example": sentence(),
            "more": more,
        })),
        BodyKind::Bullets => object(json!({
            "points": array(object(json!({ "bullet": text(PHRASE_CHARS), "say": sentence() })), elements),
            "more": more,
        })),
        BodyKind::Comparison => object(json!({
            "left_title": text(30),
            "right_title": text(30),
            "rows": array(object(json!({ "left": text(ROW_CHARS), "right": text(ROW_CHARS), "say": sentence() })), elements),
            "more": more,
        })),
        BodyKind::WorkedExample => object(json!({
            "problem": text(190),
            "steps": array(object(json!({ "step": text(86), "say": sentence() })), elements - 1),
            "answer": text(110),
            "say_answer": sentence(),
            "more": more,
        })),
        BodyKind::EquationSteps => object(json!({
            "steps": array(object(json!({
                "math": math_line(120),
                "note": text(56),
                "say": sentence(),
            })), elements),
            "more": more,
        })),
        BodyKind::Code => object(json!({
            "language": { "type": "string", "enum": ["python", "javascript", "rust", "java", "c", "cpp", "go", "sql", "bash"] },
            "code": text(900),
            "say_code": sentence(),
            "focus_start": { "type": "integer", "minimum": 1, "maximum": 18 },
            "focus_end": { "type": "integer", "minimum": 1, "maximum": 18 },
            "say_focus": sentence(),
            "more": more,
        })),
        BodyKind::Quiz => object(json!({
            "question": text(190),
            "right_answer": text(PHRASE_CHARS),
            "wrong_answers": array(text(PHRASE_CHARS), 3),
            "explanation": text(190),
        })),
    }
}

pub(super) fn summary_schema(points: usize) -> Value {
    object(json!({
        "points": array(object(json!({ "point": text(PHRASE_CHARS), "say": sentence() })), points),
    }))
}

pub(super) fn scene_request(
    index: usize,
    scene: &PlannedScene,
    elements: usize,
    extra: usize,
) -> String {
    let what = match scene.kind {
        BodyKind::Definition => "the term, its definition as a short phrase, a sentence that \
            says it, a concrete example, a sentence that explains the example"
            .to_string(),
        BodyKind::Bullets => format!(
            "{elements} bullet points (phrases of 3 to 8 words, each a different specific fact), \
             each with a full sentence that explains it in more words than the bullet"
        ),
        BodyKind::Comparison => format!(
            "the titles of the two sides, then {elements} rows comparing them point by point, \
             each with the sentence that explains the difference"
        ),
        BodyKind::WorkedExample => format!(
            "a concrete problem or case, {} steps that work it through (each a short phrase with \
             the sentence that explains it), then the answer and the sentence that states it",
            elements - 1
        ),
        BodyKind::EquationSteps => format!(
            "{elements} lines of a derivation or formula in Typst math, each with a short note \
             and the sentence that explains it"
        ),
        BodyKind::Code => "a short correct program of at most 12 lines of at most 60 \
            characters, a sentence that says what it does, the line range to highlight and a \
            sentence that explains those lines"
            .to_string(),
        BodyKind::Quiz => "a question that checks the lesson's key idea, its right answer and \
            three wrong answers (each a short phrase that answers the question, not a question), \
            and a one-sentence explanation of why the right answer is right, as a fact about the \
            subject (not about the quiz)"
            .to_string(),
    };
    let more = if extra == 0 || scene.kind == BodyKind::Quiz {
        String::new()
    } else {
        format!(" Then {extra} more sentences that deepen the explanation (\"more\").")
    };
    format!(
        "Write scene {n}, kind {kind}, headed \"{heading}\": it teaches {teaches}\nGive {what}.{more}",
        n = index + 1,
        kind = scene.kind.name(),
        heading = scene.heading,
        teaches = scene.teaches,
    )
}

#[derive(Deserialize)]
pub(super) struct Point {
    pub(super) bullet: String,
    pub(super) say: String,
}

#[derive(Deserialize)]
pub(super) struct Row {
    pub(super) left: String,
    pub(super) right: String,
    pub(super) say: String,
}

#[derive(Deserialize)]
pub(super) struct Step {
    pub(super) step: String,
    pub(super) say: String,
}

#[derive(Deserialize)]
pub(super) struct MathStep {
    pub(super) math: String,
    pub(super) note: String,
    pub(super) say: String,
}

#[derive(Deserialize)]
pub(super) struct SummaryPoint {
    pub(super) point: String,
    pub(super) say: String,
}

/// A written body scene, tagged with its kind (the answer itself is untagged: the kind was
/// asked for).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Written {
    Definition {
        term: String,
        definition: String,
        say_definition: String,
        example: String,
        say_example: String,
        more: Vec<String>,
    },
    Bullets {
        points: Vec<Point>,
        more: Vec<String>,
    },
    Comparison {
        left_title: String,
        right_title: String,
        rows: Vec<Row>,
        more: Vec<String>,
    },
    WorkedExample {
        problem: String,
        steps: Vec<Step>,
        answer: String,
        say_answer: String,
        more: Vec<String>,
    },
    EquationSteps {
        steps: Vec<MathStep>,
        more: Vec<String>,
    },
    Code {
        language: String,
        code: String,
        say_code: String,
        focus_start: u32,
        focus_end: u32,
        say_focus: String,
        more: Vec<String>,
    },
    /// Asked as the right answer and three wrong ones: a small model asked for four options
    /// and an index wrote questions as options, or marked a wrong one.
    Quiz {
        question: String,
        right_answer: String,
        wrong_answers: Vec<String>,
        explanation: String,
    },
}

/// The storyboard scene for a written body scene.
pub(super) fn into_scene(heading: &str, written: Written) -> Scene {
    let heading = clean(heading);
    let (visual, narration, more) = match written {
        Written::Definition {
            term,
            definition,
            say_definition,
            example,
            say_example,
            more,
        } => (
            Visual::Definition {
                term: capitalised(&clean(&term)),
                definition: clean(&definition),
                example: Some(clean(&example)),
            },
            vec![clean(&say_definition), clean(&say_example)],
            more,
        ),
        Written::Bullets { points, more } => (
            Visual::Bullets {
                heading,
                items: points.iter().map(|p| phrase(&p.bullet)).collect(),
            },
            points.iter().map(|p| clean(&p.say)).collect(),
            more,
        ),
        Written::Comparison {
            left_title,
            right_title,
            rows,
            more,
        } => (
            Visual::Comparison {
                heading,
                left_title: phrase_within(&left_title, 30),
                right_title: phrase_within(&right_title, 30),
                rows: rows
                    .iter()
                    // A cell cut off at its limit loses its broken last word ("… based on
                    // theirw"), as a bullet does.
                    .map(|r| ComparisonRow {
                        left: phrase_within(&r.left, ROW_CHARS),
                        right: phrase_within(&r.right, ROW_CHARS),
                    })
                    .collect(),
            },
            rows.into_iter().map(|r| r.say).collect(),
            more,
        ),
        Written::WorkedExample {
            problem,
            steps,
            answer,
            say_answer,
            more,
        } => {
            let mut narration: Vec<String> = steps.iter().map(|s| s.say.clone()).collect();
            narration.push(say_answer);
            (
                Visual::WorkedExample {
                    heading,
                    problem: clean(&problem),
                    steps: steps
                        .into_iter()
                        .map(|s| WorkedStep {
                            text: clean(&s.step),
                            math: None,
                        })
                        .collect(),
                    answer: clean(&answer),
                },
                narration,
                more,
            )
        }
        Written::EquationSteps { steps, more } => (
            Visual::EquationSteps {
                heading,
                steps: steps
                    .iter()
                    .map(|s| EquationStep {
                        math: s.math.trim().trim_matches('$').trim().to_string(),
                        note: Some(clean(&s.note)).filter(|n| !n.is_empty()),
                    })
                    .collect(),
            },
            steps.into_iter().map(|s| s.say).collect(),
            more,
        ),
        Written::Code {
            language,
            code,
            say_code,
            focus_start,
            focus_end,
            say_focus,
            more,
        } => {
            let code = code.trim_matches('\n').replace('\t', "    ");
            let lines = code.lines().count().max(1) as u32;
            let start = focus_start.clamp(1, lines);
            let end = focus_end.clamp(start, lines);
            (
                Visual::Code {
                    heading,
                    language,
                    code,
                    focus: vec![LineRange { start, end }],
                },
                vec![say_code, say_focus],
                more,
            )
        }
        Written::Quiz {
            question,
            right_answer,
            wrong_answers,
            explanation,
        } => {
            // Each option loses a word broken at its limit before the words all options
            // begin with go (after, it would no longer reach the limit).
            let wrong: Vec<String> = wrong_answers.iter().map(|o| phrase(o)).collect();
            let (options, answer) = placed(&question, &phrase(&right_answer), &wrong);
            let question = clean(&question);
            // Read from the slide itself, so the voice and the options always agree.
            let (ask, tell) = spoken_choice(&question);
            let read = format!(
                "{} {ask} {}?",
                finish_question(&question),
                spoken_list(&options, "or")
            );
            let explanation = finish_sentence(&explanation)
                .and_then(|e| explanation_of(&e))
                .filter(|e| !says_nothing_new(e, &question, &options[answer]));
            let reveal = format!(
                "{tell} {}. {}",
                options[answer].trim_end_matches('.'),
                explanation.as_deref().unwrap_or_default()
            )
            .trim_end()
            .to_string();
            (
                Visual::Quiz {
                    question,
                    answer,
                    options,
                    explanation,
                },
                vec![read, reveal],
                Vec::new(),
            )
        }
    };
    // The sentences that reveal elements stay (an empty one would shift the beats); extra
    // ones that were cut short go.
    let mut narration: Vec<String> = narration
        .iter()
        .map(|s| finish_sentence(s).unwrap_or_else(|| clean(s)))
        .collect();
    narration.extend(more.iter().filter_map(|s| finish_sentence(s)));
    Scene {
        visual,
        narration,
        cites: Vec::new(),
    }
}

/// How a quiz's options are asked and its answer told aloud: "Is it …?" and "The answer is
/// …", but a question about what something does takes what it does ("What does a vaccine
/// do? Does it prevent diseases …, protect the body …?"; "Is it prevent …" was heard).
pub(super) fn spoken_choice(question: &str) -> (&'static str, &'static str) {
    let asked = question.trim().to_lowercase();
    let about_doing = asked.ends_with(" do?") || asked.ends_with(" do");
    if about_doing && asked.starts_with("what does ") {
        ("Does it", "The answer:")
    } else if about_doing && asked.starts_with("what do ") {
        ("Do they", "The answer:")
    } else {
        ("Is it", "The answer is")
    }
}

/// "a, b, c or d".
pub(super) fn spoken_list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// One scene as asked: its place, its plan and its shape.
pub(super) struct SceneAsk {
    pub(super) index: usize,
    pub(super) planned: PlannedScene,
    pub(super) elements: usize,
    pub(super) extra: usize,
    /// Reference facts for this scene alone (empty when there are none).
    pub(super) facts: String,
}

/// Writes one planned scene: asked again once with the reason when the answer is flawed
/// (`fault` asks the first time with a reason already); `None` when it is better left out
/// (a quiz that is flawed or whose marked answer the model itself does not choose).
pub(super) async fn write_scene(
    writer: &impl JsonModel,
    turns: &[Turn],
    ask: &SceneAsk,
    topic: &str,
    fault: Option<String>,
) -> Result<Option<Scene>, ScriptError> {
    let SceneAsk {
        index,
        ref planned,
        elements,
        extra,
        ref facts,
    } = *ask;
    let mut first_request = scene_request(index, planned, elements, extra);
    if !facts.is_empty() {
        first_request = format!("{first_request}\n{facts}");
    }
    let again = |reason: &str| {
        format!(
            "{first_request}\nYour first answer could not be used: {reason}. Write the scene \
             again without that fault."
        )
    };
    let mut request = fault.as_deref().map_or(first_request.clone(), again);
    let mut attempt = usize::from(fault.is_some());
    let scene = loop {
        attempt += 1;
        let asked = [turns.to_vec(), vec![Turn::User(request.clone())]].concat();
        let answer = writer.complete_json(
            &asked,
            planned.kind.name(),
            scene_schema(planned.kind, elements, extra),
        );
        let answer = crate::script::spend::asked_again(attempt > 1, answer).await?;
        let written = serde_json::from_str::<Value>(&answer)
            .and_then(|value| {
                serde_json::from_value::<Written>(json!({ planned.kind.name(): value }))
            })
            .map_err(|e| {
                ScriptError::Empty(format!(
                    "scene {} is not the JSON asked for: {e}",
                    index + 1
                ))
            })?;
        let cut = cut_phrases(&written);
        let scene = into_scene(&planned.heading, written);
        match cut.or_else(|| flaw(&scene, topic)) {
            // The writer's seed is fixed: the same request would get the same answer, so
            // the second asks with the reason.
            Some(reason) if attempt < 2 => {
                tracing::info!(scene = index + 1, %reason, "writing the scene again");
                request = again(&reason);
            }
            // A wrong quiz teaches the wrong thing: better none.
            Some(reason) if planned.kind == BodyKind::Quiz => {
                tracing::info!(%reason, "leaving out the quiz");
                return Ok(None);
            }
            _ if planned.kind == BodyKind::Quiz
                && !answers_agree(writer, turns, &scene).await? =>
            {
                return Ok(None);
            }
            _ => break scene,
        }
    };
    // A second writing is kept even when flawed: what can be mended is mended.
    let mut scene = scene;
    if !super::arithmetic::compute_numbers(&mut scene) {
        tracing::info!(
            scene = index + 1,
            "leaving out a worked example whose numbers are wrong"
        );
        return Ok(None);
    }
    comparison::mend_comparison(&mut scene);
    drop_fragment_bullets(&mut scene, topic);
    // A scene the storyboard's validation still refuses after asking again (a code line of
    // 718 characters in an Internet packets lesson, 7 December) would have the whole lesson
    // refused: it is left out, and the lesson lengthened without it.
    if let Err(errors) = crate::storyboard::check_scene_alone(&scene)
        && crate::script::rules::on("scene_alone")
    {
        tracing::info!(scene = index + 1, %errors, "leaving out a scene its validation refuses");
        return Ok(None);
    }
    Ok(Some(scene))
}

#[derive(Deserialize)]
pub(super) struct Summary {
    pub(super) points: Vec<SummaryPoint>,
}

/// The closing scene's key points: it needs only the plan, so it is written alongside the
/// scenes.
pub(super) async fn write_summary(
    writer: &impl JsonModel,
    turns: &[Turn],
    plan: &Plan,
    points: usize,
    topic: &str,
) -> Result<Summary, ScriptError> {
    // Not the quiz: what it "teaches" is what it asks ("a question on one fact about …"),
    // and a 1.5B model took that for a key point and said "What is photosynthesis?".
    let done: Vec<String> = plan
        .scenes
        .iter()
        .filter(|s| s.kind != BodyKind::Quiz)
        .map(|s| s.teaches.clone())
        .collect();
    let first_request = format!(
        "Write the summary scene: {points} key points of the whole lesson, each a phrase of 3 \
         to 8 words with the sentence that recaps it. The lesson taught: {}",
        done.join("; ")
    );
    let foreign = |point: &SummaryPoint| {
        check::has_foreign_script(&point.point, topic)
            || check::has_foreign_script(&point.say, topic)
    };
    let mut request = first_request.clone();
    let mut attempt = 0;
    loop {
        attempt += 1;
        let asked = [turns.to_vec(), vec![Turn::User(request.clone())]].concat();
        let answer = writer.complete_json(&asked, "summary", summary_schema(points));
        let answer = crate::script::spend::asked_again(attempt > 1, answer).await?;
        let mut summary: Summary = serde_json::from_str(&answer).map_err(|e| {
            ScriptError::Empty(format!("the summary is not the JSON asked for: {e}"))
        })?;
        // A recap that slips into another language ("… and t is the time the的钱", a
        // Compound interest lesson) is asked again, like a scene; a second one loses the
        // points that still do, where another is left.
        if !crate::script::rules::on("foreign_script") || !summary.points.iter().any(foreign) {
            return Ok(summary);
        }
        if attempt < 2 {
            tracing::info!("writing the summary again: it slipped into another language");
            request = format!(
                "{first_request}\nYour first answer could not be used: it slipped into another \
                 language. Write the summary again without that fault."
            );
            continue;
        }
        if summary.points.iter().any(|p| !foreign(p)) {
            summary.points.retain(|p| !foreign(p));
        }
        return Ok(summary);
    }
}

/// The body scenes' word budget as it is spent, and the length of the model's sentences.
pub(super) struct Budget {
    pub(super) left: usize,
    pub(super) words: usize,
    pub(super) sentences: usize,
}

impl Budget {
    pub(super) fn new(words: usize) -> Self {
        Budget {
            left: words,
            words: 0,
            sentences: 0,
        }
    }

    /// A teaching scene's share of what is left, with `scenes` teaching scenes still to
    /// start (this one included); the share is set aside until the scene is written.
    pub(super) fn start(&mut self, scenes: usize) -> usize {
        let share = (self.left / scenes.max(1)).clamp(SCENE_WORDS / 2, SCENE_WORDS * 2);
        self.left = self.left.saturating_sub(share);
        share
    }

    /// A scene asked for `share` words has been written with `narration` (none: left out);
    /// answers its words.
    pub(super) fn finish(&mut self, share: usize, narration: &[String]) -> usize {
        let words: usize = narration.iter().map(|s| words(s)).sum();
        self.left = (self.left + share).saturating_sub(words);
        self.words += words;
        self.sentences += narration.len();
        words
    }

    /// Words a sentence of this model has had: a small model's sentences are shorter than
    /// asked, and a scene asked for too few sentences leaves the lesson short.
    pub(super) fn sentence_words(&self) -> usize {
        if self.sentences < 4 {
            WORDS_PER_SENTENCE
        } else {
            (self.words / self.sentences).clamp(WORDS_PER_SENTENCE / 2, WORDS_PER_SENTENCE)
        }
    }
}

pub(super) fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// The closing summary as a scene: the points that teach (not those that ask, point back,
/// only name or go on from another), each with its sentence, and none the model calls wrong.
pub(super) async fn summary_scene(
    writer: &impl JsonModel,
    topic: &str,
    mut summary: Summary,
) -> Scene {
    keep_key_points(&mut summary.points);
    let mut scene = Scene {
        visual: Visual::Summary {
            heading: "Key takeaways".into(),
            points: summary.points.iter().map(|p| phrase(&p.point)).collect(),
        },
        narration: summary.points.iter().map(|p| recap(&p.say)).collect(),
        cites: Vec::new(),
    };
    drop_fragment_bullets(&mut scene, topic);
    // Written from the plan, not from the checked scenes: its sentences are checked too.
    if let Err(error) = crate::script::facts::drop_wrong(writer, topic, &mut scene).await {
        tracing::warn!(%error, "the summary's sentences were not checked");
    }
    scene
}
