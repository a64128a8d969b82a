//! `just quality`: replays the recorded corpus (`pipeline/tests/corpus`) through today's
//! script stage, offline, and prints each lesson's quality figures and the totals.
//! `-- --notes` lists every defect found; `-- --show SLUG` prints that lesson's script;
//! `-- --bless` writes the totals as the new baseline (after a change that improves them);
//! `-- --ablate` replays the corpus once with each of the script stage's named rules switched
//! off and prints how each moves the totals. `RUST_LOG` logs the script stage to stderr.

mod logs;

use lectern_pipeline::corpus;
use lectern_pipeline::quality::Totals;
use lectern_pipeline::script::rules;

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    // `RUST_LOG=lectern_pipeline=debug` shows what the script stage did with each reply.
    logs::to_stderr_when_asked();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = corpus::corpus_dir();
    let replayed = corpus::replay_all(&dir).await?;
    print!("{}", corpus::table(&replayed));
    if args.iter().any(|a| a == "--notes") {
        for one in &replayed {
            if let Ok(figures) = &one.figures {
                for note in &figures.notes {
                    println!("{}: {note}", one.brief.slug);
                }
            }
        }
    }
    if let Some(slug) = args.iter().skip_while(|a| *a != "--show").nth(1) {
        for one in replayed.iter().filter(|o| &o.brief.slug == slug) {
            if let Some(storyboard) = &one.storyboard {
                println!("\n# {}", storyboard.title);
                for (n, scene) in storyboard.scenes.iter().enumerate() {
                    println!("\n## {} {}", n + 1, serde_json::to_string(&scene.visual)?);
                    for (beat, said) in scene.narration.iter().enumerate() {
                        if scene.cites_of(beat).is_empty() {
                            println!("  - {said}");
                            continue;
                        }
                        // A beat from documents: each sentence with its own citations.
                        for (i, (sentence, cites)) in
                            scene.cited_sentences(beat).into_iter().enumerate()
                        {
                            let cites: Vec<String> = cites
                                .iter()
                                .map(|c| format!("{} {}", c.source_id, c.passage))
                                .collect();
                            let dash = if i == 0 { "-" } else { " " };
                            println!("  {dash} {sentence}  [{}]", cites.join("; "));
                        }
                    }
                }
                for checkpoint in &storyboard.checkpoints {
                    println!("\n? {}", serde_json::to_string(checkpoint)?);
                }
            }
        }
    }
    if args.iter().any(|a| a == "--ablate") {
        let all_on = corpus::totals(&replayed);
        println!(
            "\nEach rule switched off alone (figures that move, and how many lessons read \
             otherwise; none: it changes nothing measured):"
        );
        for rule in rules::RULES {
            rules::switch_off(&[rule.name]);
            let replayed_without = corpus::replay_all(&dir).await?;
            let without = corpus::totals(&replayed_without);
            let changed = replayed
                .iter()
                .zip(&replayed_without)
                .filter(|(with, without)| {
                    serde_json::to_string(&with.storyboard).ok()
                        != serde_json::to_string(&without.storyboard).ok()
                })
                .count();
            let lessons = match changed {
                0 => String::new(),
                n => format!(" (lessons written otherwise: {n})"),
            };
            println!("  {:<20} {}{lessons}", rule.name, moves(&all_on, &without));
        }
        rules::switch_off(&[]);
    }
    if args.iter().any(|a| a == "--bless") {
        let totals = corpus::totals(&replayed);
        std::fs::write(
            dir.join("baseline.json"),
            serde_json::to_string_pretty(&totals)? + "\n",
        )?;
        println!("baseline written: {}", dir.join("baseline.json").display());
    }
    Ok(())
}

/// How the totals move from `with` (every rule on) to `without` (one off): a positive number
/// is more of a defect without the rule, that is, what the rule saves.
fn moves(with: &Totals, without: &Totals) -> String {
    let (a, b) = (&with.defects, &without.defects);
    let pairs = [
        ("failed", with.failed, without.failed),
        ("words", with.words, without.words),
        ("sentences", with.sentences, without.sentences),
        ("questions", with.questions, without.questions),
        ("ideas", with.key_ideas_taught, without.key_ideas_taught),
        ("cut", a.cut_phrases, b.cut_phrases),
        ("lone", a.lone_items, b.lone_items),
        ("repeats", a.repeats, b.repeats),
        ("echoes", a.echoes, b.echoes),
        ("titles", a.cut_titles, b.cut_titles),
        ("doubled", a.doubled_options, b.doubled_options),
        ("filler", a.filler, b.filler),
        ("untaught", a.untaught_answers, b.untaught_answers),
        ("garbled", a.garbled, b.garbled),
        ("cutsent", a.cut_sentences, b.cut_sentences),
        ("math", a.garbled_math, b.garbled_math),
        ("wrong numbers", a.wrong_numbers, b.wrong_numbers),
        ("hollow", a.hollow_rows, b.hollow_rows),
        (
            "supported",
            with.citations.supported,
            without.citations.supported,
        ),
        (
            "cited sentences",
            with.citations.cited_sentences,
            without.citations.cited_sentences,
        ),
        (
            "relevant",
            with.citations.relevant,
            without.citations.relevant,
        ),
        ("citations", with.citations.cites, without.citations.cites),
    ];
    let moved: Vec<String> = pairs
        .iter()
        .filter(|(_, x, y)| x != y)
        .map(|(name, x, y)| format!("{name} {:+}", *y as i64 - *x as i64))
        .collect();
    if moved.is_empty() {
        "none".into()
    } else {
        moved.join(", ")
    }
}
