//! The script stage's rules that mend or drop what the model wrote, by name, so that the
//! recorded corpus can measure what each is worth: `just quality -- --ablate` replays the
//! corpus once with each switched off and prints how the figures move. A rule whose removal
//! leaves every figure as it is has not earned its place.
//!
//! Every rule is on in production; only the corpus harness switches any off.

use std::sync::RwLock;

/// The named rules, in the order the script stage applies them.
pub const RULES: &[&str] = &[
    "kind_label",
    "repeated_plans",
    "scene_flaws",
    "mend_comparison",
    "fragment_bullets",
    "drop_repeats",
    "repeated_sentences",
    "sentence_check",
    "key_points",
    "opening_repeats",
    "shorten",
    "mend_cut_phrases",
    "beat_limit",
];

static OFF: RwLock<Vec<&'static str>> = RwLock::new(Vec::new());

/// Whether the rule `name` is applied.
pub fn on(name: &str) -> bool {
    OFF.read().map_or(true, |off| !off.contains(&name))
}

/// Switches the rules `names` off (and every other on) for the rest of the process.
pub fn switch_off(names: &[&'static str]) {
    if let Ok(mut off) = OFF.write() {
        *off = names.to_vec();
    }
}
