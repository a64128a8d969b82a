//! One sentence or slide phrase at a time.

use super::*;

#[test]
fn a_sentence_is_not_finished_after_a_comma() {
    // A note the model wrote to itself is no sentence to add.
    assert!(written::echoes_instructions(
        "More explanation needed here."
    ));
    assert!(written::echoes_instructions(
        "more explanation of photosynthesis process in plants"
    ));
    assert!(!written::echoes_instructions(
        "More energy is stored in glucose than in carbon dioxide."
    ));
    // A label that is part of what is said stays.
    assert_eq!(
        finish_sentence("Example: the Calvin cycle fixes carbon.").as_deref(),
        Some("Example: the Calvin cycle fixes carbon.")
    );
    assert_eq!(
        finish_sentence("One key difference: plants make glucose.").as_deref(),
        Some("One key difference: plants make glucose.")
    );
    // Seen in a French Revolution comparison: "… they had different,."
    assert_eq!(
        finish_sentence("Both revolutions were about liberty, but they had different,"),
        None
    );
    assert_eq!(finish_sentence("Plants need light, water and"), None);
    assert_eq!(
        finish_sentence("What are they waiting for?").as_deref(),
        Some("What are they waiting for?")
    );
    assert_eq!(
        finish_sentence("Plants need light and water").as_deref(),
        Some("Plants need light and water.")
    );
    // A whole sentence before the cut is kept.
    assert_eq!(
        finish_sentence("Plants need light. They also need water and").as_deref(),
        Some("Plants need light.")
    );
}

#[test]
fn sentences_are_split_where_a_new_one_starts() {
    assert_eq!(
        sentences_of("It is 3.5 m long. Then it stops! Why? Because e.g. friction."),
        vec![
            "It is 3.5 m long.",
            "Then it stops!",
            "Why?",
            "Because e.g. friction."
        ]
    );
}

#[test]
fn a_phrase_cut_after_such_or_in_a_by_clause_ends_before_it() {
    // Two slide phrases of a How vaccines work render (28 November).
    assert_eq!(
        phrase_within(
            "There are some risks associated with getting vaccinated, such",
            PHRASE_CHARS
        ),
        "There are some risks associated with getting vaccinated"
    );
    // A How vaccines work bullet, seen on its slide (28 November).
    assert_eq!(
        phrase_within(
            "Live attenuated vaccines are weakened versions of pathogens that can",
            PHRASE_CHARS
        ),
        "Live attenuated vaccines are weakened versions of pathogens"
    );
    // A Newton's laws render's bullet (28 November).
    assert_eq!(
        phrase_within("The ball pushes back on your", PHRASE_CHARS),
        "The ball pushes back"
    );
    assert_eq!(
        phrase_within(
            "Immunity building helps protect you from specific diseases by stimulating",
            ROW_CHARS
        ),
        "Immunity building helps protect you from specific diseases"
    );
}

#[test]
fn a_slide_phrase_cut_at_its_limit_ends_on_a_whole_idea() {
    // A label before a colon is the phrase.
    assert_eq!(
        phrase("Light absorption: Plants use chlorophyll to absorb light energy from the su"),
        "Light absorption"
    );
    // Otherwise no small word is left hanging at the end.
    assert_eq!(
        phrase("Plants take in carbon dioxide through tiny pores in the leaves for the sug"),
        "Plants take in carbon dioxide through tiny pores in the leaves"
    );
    // A phrase within the limit is kept as it is.
    assert_eq!(
        phrase("Chlorophyll absorbs red and blue light."),
        "Chlorophyll absorbs red and blue light"
    );
    assert_eq!(
        phrase("Plants absorb light energy from the sun through chlorophyll pigments"),
        "Plants absorb light energy from the sun through chlorophyll pigments"
    );
    // A phrase closed a few characters before the limit, in a clause it had just begun
    // (seen in a Photosynthesis script on the 1.5B model), ends before that clause.
    assert_eq!(
        phrase("Water Splitting: The absorbed light energy splits water molecules into"),
        "Water Splitting"
    );
    assert_eq!(
        phrase("Plants have a complex system of chlorophyll pigments that work"),
        "Plants have a complex system of chlorophyll pigments"
    );
    assert_eq!(
        phrase("Glucose (C₆H₁₂O₆) is a sugar that plants use as food and to produce"),
        "Glucose (C₆H₁₂O₆) is a sugar that plants use as food"
    );
    assert_eq!(
        phrase("The hydrogen atoms combine with carbon dioxide from the air to form"),
        "The hydrogen atoms combine with carbon dioxide from the air"
    );
    assert_eq!(
        phrase("The hydrogen atoms combine with carbon dioxide to form glucose through"),
        "The hydrogen atoms combine with carbon dioxide to form glucose"
    );
    assert_eq!(
        phrase("The splitting of water molecules into oxygen and hydrogen atoms is the"),
        "The splitting of water molecules into oxygen and hydrogen atoms"
    );
    // A summary point of a French Revolution script, cut at its limit after a verb.
    assert_eq!(
        phrase("The French Revolution and the American Revolution were both significant"),
        "The French Revolution and the American Revolution"
    );
    // A comparison cell of the same script, closed before the word that would not fit.
    assert_eq!(
        phrase_within(
            "The American Revolution was a significant event in world history, but it had",
            ROW_CHARS
        ),
        "The American Revolution was a significant event in world history"
    );
    assert_eq!(
        phrase("The movement of these plates on the asthenosphere is"),
        "The movement of these plates on the asthenosphere"
    );
    // A short title is far from its limit.
    assert_eq!(phrase_within("Rate of reaction", 30), "Rate of reaction");
}
