//! The recorded corpus replayed through today's script stage (no model needed): its quality
//! figures may not get worse than the baseline committed beside it.

use lectern_pipeline::corpus;
use lectern_pipeline::quality::Totals;

#[tokio::test(flavor = "current_thread")]
async fn the_recorded_corpus_is_no_worse_than_its_baseline() {
    let dir = corpus::corpus_dir();
    let replayed = corpus::replay_all(&dir).await.expect("the corpus reads");
    assert!(
        replayed.len() >= 30,
        "the corpus holds {} recorded briefs; `just record-corpus` records the rest",
        replayed.len()
    );
    let table = corpus::table(&replayed);
    println!("{table}");
    let baseline: Totals = serde_json::from_str(
        &std::fs::read_to_string(dir.join("baseline.json")).expect("baseline.json"),
    )
    .expect("the baseline reads");
    let totals = corpus::totals(&replayed);
    let worse = totals.worse_than(&baseline);
    assert!(
        worse.is_empty(),
        "the corpus's figures got worse than the baseline: {}\n{table}",
        worse.join("; ")
    );
    // Requests today's code asks that no recording answers: the corpus is due for
    // `just record-corpus --all`.
    let missing: usize = replayed.iter().map(|r| r.counts.missing).sum();
    assert_eq!(missing, 0, "requests without a recorded answer\n{table}");
}
