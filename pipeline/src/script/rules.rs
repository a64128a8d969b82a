//! The script stage's rules that mend or drop what the model wrote, by name, so that the
//! recorded corpus can measure what each is worth: `just quality -- --ablate` replays the
//! corpus once with each switched off and prints how the figures move. A rule whose removal
//! leaves every figure as it is has not earned its place.
//!
//! Every rule is on in production; only the corpus harness switches any off.

use std::sync::RwLock;

/// A rule of the script stage: its name, the stage it belongs to, and what it does with what
/// the model wrote.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub name: &'static str,
    /// plan, write, check or repair.
    pub stage: &'static str,
    /// What it does: drop, ask again, mend (rewrite) or ask (give the model more to go on).
    pub verdict: &'static str,
    pub what: &'static str,
}

/// The whole policy, in the order the script stage applies it. Every entry has earned its
/// place on the recorded corpus: switched off alone, it moves at least one figure
/// (`just quality -- --ablate`), except `scene_alone`, `shorten` and `beat_limit`, which hold
/// a scene or the lesson to the storyboard's validation (a scene's counts and lengths, the
/// word budget's tolerance, a scene's beats) so that a lesson is not refused whole, and `unfounded_scene`,
/// `passage_judge`, `checked_as_written`, `repeated_after_check` and `unsupported_scene`, which only lessons from
/// sources use: the sources benchmark (`lectern/examples/sources_bench.rs`) measures each on
/// and off, and the corpus's lessons from sources replay them.
pub const RULES: &[Rule] = &[
    Rule {
        name: "repeated_plans",
        stage: "plan",
        verdict: "drop",
        what: "a planned scene whose heading or teaching repeats an earlier one, or names one word of the topic",
    },
    Rule {
        name: "scene_facts",
        stage: "plan",
        verdict: "ask",
        what: "each scene is given the reference definitions of the terms in its heading",
    },
    Rule {
        name: "cut_phrases",
        stage: "write",
        verdict: "ask again",
        what: "a quiz answer or comparison cell cut off at its length limit",
    },
    Rule {
        name: "foreign_script",
        stage: "write",
        verdict: "ask again",
        what: "a scene, the summary (or an added sentence) in letters of another script",
    },
    Rule {
        name: "naming_bullet",
        stage: "write",
        verdict: "ask again",
        what: "a bullet of one or two words that only names something",
    },
    Rule {
        name: "json_in_scene",
        stage: "write",
        verdict: "ask again",
        what: "JSON or field names written into the scene's texts",
    },
    Rule {
        name: "empty_comparison",
        stage: "write",
        verdict: "ask again",
        what: "a comparison whose rows say nothing or repeat their titles",
    },
    Rule {
        name: "wrong_arithmetic",
        stage: "write",
        verdict: "ask again",
        what: "a worked example whose calculations the solver works out to other values",
    },
    Rule {
        name: "compute_numbers",
        stage: "write",
        verdict: "mend",
        what: "a worked example still miscalculated after asking again states the solver's values, or goes when its answer gives no single number",
    },
    Rule {
        name: "scene_alone",
        stage: "write",
        verdict: "ask again",
        what: "a scene the storyboard's validation refuses (lengths, counts); left out when its \
               second writing is refused too",
    },
    Rule {
        name: "phrase_cut",
        stage: "write",
        verdict: "mend",
        what: "a slide phrase cut at its limit loses its broken end",
    },
    Rule {
        name: "mend_comparison",
        stage: "write",
        verdict: "mend",
        what: "comparison rows that say nothing go; titles are made the rows' sides",
    },
    Rule {
        name: "fragment_bullets",
        stage: "write",
        verdict: "drop",
        what: "bullets still cut from one sentence after asking again, with their beats",
    },
    Rule {
        name: "drop_repeats",
        stage: "repair",
        verdict: "drop",
        what: "a bullet, row, sentence or definition said before, with its beat",
    },
    Rule {
        name: "alike_items",
        stage: "repair",
        verdict: "drop",
        what: "a list item that opens as another or names a thing after itself",
    },
    Rule {
        name: "repeated_sentences",
        stage: "repair",
        verdict: "drop",
        what: "a sentence said before in other words (bags of content-word stems, a formula's letters and digits included)",
    },
    Rule {
        name: "sentence_check",
        stage: "check",
        verdict: "drop",
        what: "a sentence the model, asked true or false, calls wrong",
    },
    Rule {
        name: "untaught_answers",
        stage: "check",
        verdict: "drop",
        what: "a checkpoint question whose right answer the finished lesson does not say",
    },
    Rule {
        name: "unfounded_scene",
        stage: "check",
        verdict: "drop",
        what: "a lesson from sources: a scene whose slide needs a sentence (a definition's own, \
               a list's only item) stating a figure or a name none of its passages holds goes \
               whole, instead of narrating it",
    },
    Rule {
        name: "passage_judge",
        stage: "check",
        verdict: "ask again",
        what: "a lesson from sources: a sentence the model, shown its cited passage, cannot quote \
               support for is written again, then dropped (instead of sentence_check)",
    },
    Rule {
        name: "checked_as_written",
        stage: "check",
        verdict: "drop",
        what: "a lesson from sources: each sentence is held to its passage as it is written (a \
               scene's, the summary's, one added to lengthen it), so that lengthening replaces \
               what goes, instead of only once the lesson is finished, when nothing can",
    },
    Rule {
        name: "repeated_after_check",
        stage: "check",
        verdict: "drop",
        what: "a lesson from sources: a sentence the check keeps or writes again that says \
               one said earlier in the lesson (two sentences written again from one passage \
               come out alike)",
    },
    Rule {
        name: "unsupported_scene",
        stage: "check",
        verdict: "drop",
        what: "a lesson from sources: a scene whose slide needs a sentence its passages do not \
               support (a definition's own, a list's only item) goes as soon as it is checked, \
               so that lengthening replaces its words, instead of being narrated unsupported",
    },
    Rule {
        name: "key_points",
        stage: "write",
        verdict: "drop",
        what: "a summary point that asks, points back or only names",
    },
    Rule {
        name: "opening_repeats",
        stage: "repair",
        verdict: "drop",
        what: "an opening sentence a later scene says again",
    },
    Rule {
        name: "carried_over",
        stage: "repair",
        verdict: "drop",
        what: "an added sentence's start carried over from one cut at its limit",
    },
    Rule {
        name: "shorten",
        stage: "repair",
        verdict: "drop",
        what: "over the budget: the last extra sentences, then list items, go",
    },
    Rule {
        name: "beat_limit",
        stage: "repair",
        verdict: "mend",
        what: "a scene's extra beats beyond the storyboard's limit are joined or go",
    },
];

static OFF: RwLock<Vec<&'static str>> = RwLock::new(Vec::new());

/// Whether the rule `name` is applied.
pub fn on(name: &str) -> bool {
    debug_assert!(
        RULES.iter().any(|rule| rule.name == name),
        "{name} is not a rule of the policy"
    );
    OFF.read().map_or(true, |off| !off.contains(&name))
}

/// Switches the rules `names` off (and every other on) for the rest of the process.
pub fn switch_off(names: &[&'static str]) {
    if let Ok(mut off) = OFF.write() {
        *off = names.to_vec();
    }
}
