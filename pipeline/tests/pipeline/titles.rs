use lectern_pipeline::titles::{Subject, guess_subject, level_prefixed_title, smart_title};

#[test]
fn the_subject_is_guessed_from_keywords_in_the_topic() {
    assert_eq!(
        guess_subject("Solving quadratic equations"),
        Subject::Mathematics
    );
    assert_eq!(
        guess_subject("Binary search in Python"),
        Subject::Programming
    );
    assert_eq!(guess_subject("Photosynthesis"), Subject::Science);
    assert_eq!(guess_subject("Plate tectonics"), Subject::Science);
    assert_eq!(guess_subject("How vaccines work"), Subject::Science);
    assert_eq!(
        guess_subject("Pricing strategy for a startup"),
        Subject::Business
    );
    assert_eq!(guess_subject("Supply and demand"), Subject::Business);
    assert_eq!(
        guess_subject("How the internet routes packets"),
        Subject::Programming
    );
    assert_eq!(guess_subject("Inflation"), Subject::Business);
    assert_eq!(guess_subject("How the economy grows"), Subject::Business);
    assert_eq!(
        guess_subject("The history of the Roman Empire"),
        Subject::General
    );
}

#[test]
fn a_title_is_prefixed_by_level() {
    assert_eq!(
        level_prefixed_title("photosynthesis", 1),
        "Beginner's Guide to Photosynthesis"
    );
    assert_eq!(
        level_prefixed_title("photosynthesis", 2),
        "Intermediate Guide to Photosynthesis"
    );
    assert_eq!(
        level_prefixed_title("photosynthesis", 3),
        "Advanced Guide to Photosynthesis"
    );
}

#[test]
fn a_smart_title_drops_the_request_phrasing_and_keeps_acronyms() {
    assert_eq!(
        smart_title("explain how photosynthesis works?"),
        "How Photosynthesis Works"
    );
    assert_eq!(smart_title("what is DNA replication"), "DNA Replication");
    assert_eq!(
        smart_title("  the basics of supply and demand  "),
        "Supply and Demand"
    );
    assert_eq!(smart_title("?"), "Untitled Lesson");
}
