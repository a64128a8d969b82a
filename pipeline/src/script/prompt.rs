use super::{Brief, WORD_BUDGET_TOLERANCE};
use crate::grounding::Reference;
use crate::titles::level_name;

pub fn system_prompt() -> String {
    r#"You are an expert teacher who writes narrated slide lessons for Lectern.
Answer with one JSON storyboard document and nothing else.

Rules:
- version is 1. The first scene is a "title" scene.
- Scene kinds: title, bullets, definition, equation_steps, worked_example, code, plot,
  comparison, summary, quiz. Use the kinds that teach the topic best; end with a summary,
  and include a quiz when it helps learners check themselves.
- narration is a list of spoken sentences. Sentence i reveals visual element i of the scene:
  bullets: items; summary: points; definition: the definition, then the example;
  equation_steps: steps; worked_example: the steps, then the answer; code: the code, then each
  focus range; plot: each series; comparison: each row; quiz: the options, then the answer;
  title: the title. Give every element its own sentence; extra sentences may follow.
- Slides hold short phrases (at most 120 characters per item, at most 6 items); the narration
  explains them in full sentences written to be spoken: no markdown, no symbols that cannot
  be read aloud, no URLs.
- Math fields use Typst math syntax, without '#' or '$': x^2 + 3x - 4 = 0,
  frac(a, b), sqrt(x), integral_0^1 x^2 dif x, lim_(x -> 0), sum_(k=1)^n k, vec(1, 2),
  alpha, pi, times, dot, arrow.r. Upright text goes in quotes: "CO"_2, 5 " m/s".
- Plots are data: give the [x, y] points themselves (at least 20 for a curve), computed
  correctly.
- Code is at most 18 lines of at most 72 characters; focus ranges are 1-based line numbers.
- Be correct. Never invent facts, quotations or statistics."#
        .to_string()
}

/// The brief for the model, with the reference facts looked up for its topic (if any).
pub fn user_prompt(brief: &Brief, reference: &Reference) -> String {
    let target = brief.target_words();
    let audience = match brief.level {
        1 => {
            "beginners with no prior knowledge: plain words, concrete examples, one idea at a time"
        }
        3 => "advanced learners: precise terminology, derivations, edge cases and trade-offs",
        _ => "intermediate learners who know the basics: build on them with worked examples",
    };
    let mut prompt = format!(
        "Topic: {topic}\n\
         Subject: {subject}\n\
         Level: {level} ({level_name}); audience: {audience}.\n\
         Length: {minutes} minutes of narration at {wpm} words per minute, so the narration \
         sentences together must have {target} words (between {low} and {high}).\n\
         Set level to {level}, target_minutes to {minutes} and wpm to {wpm}.",
        topic = brief.topic.trim(),
        subject = brief.subject,
        level = brief.level,
        level_name = level_name(brief.level),
        minutes = brief.duration_minutes.get(),
        wpm = brief.wpm,
        low = (target as f64 * (1.0 - WORD_BUDGET_TOLERANCE)).floor(),
        high = (target as f64 * (1.0 + WORD_BUDGET_TOLERANCE)).ceil(),
    );
    if !reference.is_empty() {
        prompt.push_str("\n\n");
        prompt.push_str(&reference.prompt_section());
    }
    prompt
}

pub fn repair_prompt(problems: &str) -> String {
    format!(
        "That storyboard cannot be rendered. Fix exactly these problems and answer with the \
         whole corrected storyboard JSON:\n{problems}"
    )
}
