//! `cargo run --release -p lectern --example sources_bench [-- --ablate [RULE]] [--minutes M] [--model ID] [--show] [--only FILE]`
//!
//! Lessons written from made-up documents (`pipeline/tests/corpus/sources/*.md`, beside
//! the corpus that records lessons from them: an invented process, an
//! invented lake, an invented treaty, with dates, figures and names no model can know) on the
//! local model, each read back against its document:
//! - facts narrated: how many of the document's listed facts the narration states;
//! - invented: narrated sentences that state a figure or a name the document does not;
//! - citation support and relevance, as ALCE measures citation recall and precision, with a
//!   word-overlap judge in place of ALCE's NLI model ([`quality::citations`], which the
//!   corpus replays too). It undercounts paraphrase, so read it as a floor;
//! - opening with a label: sentences that open with a heading or a title and a colon, copied
//!   from the prompt's passage labels or scene headings ("The lake: Lake Miskett is …");
//! - repeats, cut and garbled sentences and echoed instructions (a heading "Bullet List of
//!   Facts"), as the corpus's independent checker counts them
//!   ([`quality::measure`], `just quality`);
//! - the script stage's own check (checked, supported, written again, dropped).
//!
//! `--ablate` writes each lesson again with `passage_judge` off (the sentences then face the
//! model's true/false memory check and the figures-and-names test only); `--ablate RULE` with
//! that rule of the script stage off instead (`checked_as_written`: the sentences held to
//! their passages only once the lesson is finished; `unsupported_scene`, `unfounded_scene`). `--speed` writes a 5-minute lesson (or
//! `--minutes M`) on a real topic twice instead, from the model's memory and from a
//! textbook-like document on it (`photosynthesis.md` there), and prints what the
//! script stage spent on each and the ratio of their times. `--only FILE` writes only the
//! documents whose file name starts with FILE. `--show` prints each
//! narration with its citations. With `RUST_LOG` set (say `lectern_pipeline::script=debug`) the
//! script stage's own log goes to stderr: each scene's words, the lengthening rounds, each
//! sentence left out and why. Figures from one run; nothing is asserted.

use std::path::Path;

use lectern_pipeline::grounding::passages::{self, Passage};
use lectern_pipeline::local_model;
use lectern_pipeline::quality;
use lectern_pipeline::script::rules;
use lectern_pipeline::storyboard::Storyboard;
use lectern_pipeline::{Pipeline, PipelineConfig, RenderInput};

/// A real topic and a textbook-like document on it, for the time with and without sources
/// (`--speed`); its facts are counted in both lessons.
const PHOTOSYNTHESIS: Document = Document {
    file: "photosynthesis.md",
    topic: "Photosynthesis",
    facts: &[
        ("uses the energy of light", &["light"]),
        ("from carbon dioxide", &["carbon dioxide", "co2"]),
        ("and water", &["water"]),
        ("makes sugar (glucose)", &["glucose", "sugar"]),
        ("releases oxygen", &["oxygen"]),
        ("in chloroplasts", &["chloroplast"]),
        ("thylakoids", &["thylakoid"]),
        ("the stroma", &["stroma"]),
        ("through the stomata", &["stomat"]),
        ("chlorophyll absorbs light", &["chlorophyll"]),
        ("reflects green light", &["green"]),
        ("light-dependent reactions split water", &["split"]),
        ("make ATP", &["atp"]),
        ("and NADPH", &["nadph"]),
        ("the Calvin cycle", &["calvin"]),
        ("rubisco fixes carbon dioxide", &["rubisco"]),
        ("a limiting factor", &["limiting"]),
        ("temperature", &["temperature"]),
        ("glucose stored as starch", &["starch"]),
    ],
};

/// A made-up document: its file, the lesson's topic, and its facts, each with the words that
/// state it (any one of them, at the start of a word, in any case).
struct Document {
    file: &'static str,
    topic: &'static str,
    facts: &'static [(&'static str, &'static [&'static str])],
}

const DOCUMENTS: &[Document] = &[
    Document {
        file: "velmora.md",
        topic: "The Velmora annealing process",
        facts: &[
            ("devised in 1931", &["1931"]),
            ("by Ilse Brandvik", &["brandvik"]),
            ("at the Korsholm works", &["korsholm"]),
            ("on the river Tavel in Sweden", &["tavel", "sweden"]),
            ("for lighthouse lenses", &["lighthouse"]),
            (
                "one lens in four cracked before",
                &["one in four", "one lens in four", "a quarter"],
            ),
            ("three stages: soak, fall, rest", &["soak"]),
            ("held at 512 °C", &["512"]),
            ("for 40 minutes", &["40 minutes", "forty minutes"]),
            ("falls 3 degrees a minute", &["3 degrees", "three degrees"]),
            ("down to 380 °C", &["380"]),
            ("rests in dry nitrogen", &["nitrogen"]),
            ("at 90 °C", &["90 degrees", "90 c", "ninety degrees"]),
            ("for 6 hours", &["6 hours", "six hours"]),
            ("then one in two hundred cracked", &["two hundred", "200"]),
            ("adopted in 1934", &["1934"]),
            ("named after Brandvik's village", &["village"]),
        ],
    },
    Document {
        file: "miskett.md",
        topic: "The Pellora bloom of Lake Miskett",
        facts: &[
            ("a cold mountain lake", &["mountain"]),
            (
                "14 kilometres long",
                &["14 kilomet", "fourteen kilomet", "14 km"],
            ),
            ("61 metres deep", &["61"]),
            ("drains by the Ronn stream", &["ronn"]),
            ("the alga is Pellora virens", &["virens"]),
            ("single-celled", &["single cell", "one cell"]),
            (
                "found in no other lake",
                &["no other lake", "nowhere else", "only in lake"],
            ),
            ("begins at 17 °C", &["17"]),
            ("usually in late June", &["june"]),
            ("doubles every 30 hours", &["30 hours", "thirty hours"]),
            ("ends when the phosphate is used up", &["phosphate"]),
            ("the cells sink", &["sink"]),
            ("eaten by a freshwater shrimp", &["shrimp"]),
            ("named Miskia lenta", &["miskia"]),
            ("phosphate returned over the winter", &["winter"]),
            ("first described in 1958", &["1958"]),
            ("by Tomas Ferrand", &["ferrand"]),
            (
                "40,000 cells in a millilitre",
                &["40 000", "forty thousand"],
            ),
        ],
    },
    Document {
        file: "dunmere.md",
        topic: "The Dunmere Accord",
        facts: &[
            ("a quarrel in the 1780s", &["1780"]),
            ("between Dunmere and Halloway", &["halloway"]),
            ("over the river Esk", &["esk"]),
            ("Dunmere had six mills upstream", &["six mills", "6 mills"]),
            ("Halloway had two mills", &["two mills", "2 mills"]),
            ("signed in 1788", &["1788"]),
            ("by Agnes Rooke", &["rooke"]),
            ("and Piers Calloway", &["calloway"]),
            ("Dunmere four days a week", &["four days", "4 days"]),
            (
                "Halloway the other three",
                &["three days", "3 days", "other three"],
            ),
            ("a marker, the Esk Stone", &["esk stone", "marker"]),
            ("below its line, no mills on Sundays", &["sunday"]),
            ("a keeper of the water", &["keeper"]),
            ("who rang a bell", &["bell"]),
            ("held for 112 years", &["112"]),
            ("until the river was dammed in 1900", &["1900"]),
        ],
    },
];

/// What one lesson's narration scored.
#[derive(Default)]
struct Score {
    facts: usize,
    of_facts: usize,
    sentences: usize,
    invented: Vec<String>,
    labelled: Vec<String>,
    /// The corpus checker's defects (`just quality`): repeats, cut and garbled sentences,
    /// echoes.
    defects: quality::Defects,
    notes: Vec<String>,
    citations: quality::Citations,
    seconds: f64,
    check: Option<lectern_pipeline::storyboard::CitationCheck>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if let Ok(filter) = std::env::var("RUST_LOG") {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
            .with_writer(std::io::stderr)
            .init();
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ablated: Option<&'static str> = match args.iter().position(|a| a == "--ablate") {
        None => None,
        Some(i) => match args.get(i + 1).filter(|a| !a.starts_with("--")) {
            None => Some("passage_judge"),
            Some(name) => Some(
                rules::RULES
                    .iter()
                    .find(|rule| rule.name == name)
                    .ok_or_else(|| anyhow::anyhow!("{name} is not a rule of the script stage"))?
                    .name,
            ),
        },
    };
    let show = args.iter().any(|a| a == "--show");
    // `--only velmora`: the documents whose file name starts with it.
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let speed = args.iter().any(|a| a == "--speed");
    let minutes: f64 = args
        .iter()
        .position(|a| a == "--minutes")
        .and_then(|i| args.get(i + 1))
        .map_or(Ok(if speed { 5.0 } else { 2.0 }), |m| m.parse())?;

    let mut settings = local_model::LocalModelSettings::default();
    if let Some(id) = args
        .iter()
        .position(|a| a == "--model")
        .and_then(|i| args.get(i + 1))
    {
        settings.mode = local_model::LocalModelMode::model(id)?;
    }
    let Some(server) = local_model::start_if_wanted(&settings, false).await? else {
        println!("sources bench: no local model is installed (run `just setup --bench`)");
        return Ok(());
    };
    let pipeline = Pipeline::new(PipelineConfig {
        llm: Some(server.writer_config()),
        ..PipelineConfig::default()
    })?;
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../pipeline/tests/corpus/sources");
    if speed {
        println!(
            "sources bench: a {minutes}-minute lesson without sources and with, on {}",
            server.description()
        );
        let timed = with_and_without(&pipeline, &folder, minutes, show).await;
        server.shutdown().await;
        return timed;
    }
    println!(
        "sources bench: {minutes}-minute lessons from made-up documents on {}",
        server.description()
    );
    let mut variants: Vec<(String, Vec<&'static str>)> = vec![("every rule on".into(), vec![])];
    if let Some(rule) = ablated {
        variants.push((format!("{rule} off"), vec![rule]));
    }
    for (variant, off) in &variants {
        rules::switch_off(off);
        let mut total = Score::default();
        println!("\n{variant}:");
        for document in DOCUMENTS
            .iter()
            .filter(|d| only.as_ref().is_none_or(|o| d.file.starts_with(o.as_str())))
        {
            let text = std::fs::read_to_string(folder.join(document.file))?;
            let all = read(document.file, &text)?;
            let given = passages::for_lesson(&all, document.topic);
            let input = RenderInput::topic(
                document.topic,
                1,
                lectern_pipeline::Minutes::new(minutes),
                lectern_pipeline::Wpm::new(150),
            )
            .with_passages(given);
            let started = std::time::Instant::now();
            let plan = match pipeline.plan(&input, None, |_| {}).await {
                Ok(plan) => plan,
                Err(error) => {
                    println!("  {:<36} failed: {error}", document.topic);
                    continue;
                }
            };
            let mut score = score(document, &text, &all, &plan.storyboard);
            score.seconds = started.elapsed().as_secs_f64();
            print_score(document.topic, &score);
            if show {
                print_narration(&plan.storyboard, &all);
            }
            add(&mut total, score);
        }
        print_score("all documents", &total);
    }
    rules::switch_off(&[]);
    server.shutdown().await;
    Ok(())
}

/// A lesson on photosynthesis written from the model's memory, then from a textbook-like
/// document on it: the script stage's time and spend for each, and the ratio of their times.
async fn with_and_without(
    pipeline: &Pipeline,
    folder: &Path,
    minutes: f64,
    show: bool,
) -> anyhow::Result<()> {
    let (file, topic) = (PHOTOSYNTHESIS.file, PHOTOSYNTHESIS.topic);
    let text = std::fs::read_to_string(folder.join(file))?;
    let all = read(file, &text)?;
    let mut seconds = Vec::new();
    for (name, given) in [
        ("without sources", Vec::new()),
        ("with sources", passages::for_lesson(&all, topic)),
    ] {
        let input = RenderInput::topic(
            topic,
            2,
            lectern_pipeline::Minutes::new(minutes),
            lectern_pipeline::Wpm::new(150),
        )
        .with_passages(given);
        let plan = pipeline.plan(&input, None, |_| {}).await?;
        let Some(spent) = plan.script_spend else {
            anyhow::bail!("the script stage made no model request");
        };
        println!(
            "\n  {name}: {:.1} s, {} words, {} scenes",
            spent.wall_seconds,
            plan.word_count,
            plan.storyboard.scenes.len()
        );
        print!("{}", spent.table());
        let mut score = score(&PHOTOSYNTHESIS, &text, &all, &plan.storyboard);
        score.seconds = spent.wall_seconds;
        print_score(name, &score);
        if show {
            print_narration(&plan.storyboard, &all);
        }
        seconds.push(spent.wall_seconds);
    }
    println!(
        "\n  script time with sources over without: {:.2} ({minutes}-minute lesson; goal at most 1.0)",
        seconds[1] / seconds[0].max(f64::EPSILON)
    );
    Ok(())
}

/// The document's passages, its file name standing for its id (as `lectern render --source`).
fn read(file: &str, text: &str) -> anyhow::Result<Vec<Passage>> {
    let document = lectern_sources::read(lectern_sources::Kind::Markdown, text.as_bytes())
        .map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
    let title = document.title.clone().unwrap_or_else(|| file.to_string());
    Ok(passages::of_document(
        file,
        &title,
        document
            .passages
            .into_iter()
            .map(|p| (p.page, p.heading, p.text)),
    ))
}

fn score(document: &Document, text: &str, all: &[Passage], storyboard: &Storyboard) -> Score {
    let mut score = Score {
        of_facts: document.facts.len(),
        check: storyboard.from_sources.as_ref().map(|f| f.check),
        ..Score::default()
    };
    let taught: Vec<&lectern_pipeline::storyboard::Scene> = storyboard
        .scenes
        .iter()
        .filter(|s| !quality::is_sources_slide(s))
        .collect();
    let said = quality::normal(
        &taught
            .iter()
            .flat_map(|s| s.narration.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
    );
    score.facts = document
        .facts
        .iter()
        .filter(|(_, words)| {
            words
                .iter()
                .any(|w| said.contains(&quality::normal(w).trim_end().to_string()))
        })
        .count();
    let whole = format!("{} {text}", document.topic);
    // What a sentence may open with when the model copied a label of the prompt ("The lake:
    // Lake Miskett is …"): a passage's heading or title, or a scene's heading.
    let labels: Vec<String> = all
        .iter()
        .flat_map(|p| [p.heading.clone().unwrap_or_default(), p.title.clone()])
        .chain(
            storyboard
                .scenes
                .iter()
                .map(|s| s.visual.heading().to_string()),
        )
        .chain([document.topic.to_string()])
        .map(|label| without_article(&quality::normal(&label)))
        .filter(|label| !label.is_empty())
        .collect();
    for scene in &taught {
        for narration in &scene.narration {
            for sentence in quality::beat_sentences(narration) {
                score.sentences += 1;
                if passages::unsupported(&sentence, &whole).is_some() {
                    score.invented.push(sentence.clone());
                }
                if opens_with_label(&sentence, &labels) {
                    score.labelled.push(sentence.clone());
                }
            }
        }
    }
    score.citations = quality::citations(storyboard, all);
    let measured = quality::measure(storyboard, document.topic, &[]);
    score.defects = measured.defects;
    score.notes = measured
        .notes
        .into_iter()
        .filter(|note| {
            ["repeat", "garbled", "cut sentence", "echo"]
                .iter()
                .any(|k| note.starts_with(k))
        })
        .collect();
    score
}

/// `text` (as [`normal`] writes it) without a leading "the", "a" or "an", trimmed.
fn without_article(text: &str) -> String {
    let text = text.trim();
    ["the ", "a ", "an "]
        .iter()
        .find_map(|a| text.strip_prefix(a))
        .unwrap_or(text)
        .trim()
        .to_string()
}

/// Whether `sentence` opens with one of `labels` and a colon, alone or after a comma ("The
/// Velmora annealing process, Origins: The process was …").
fn opens_with_label(sentence: &str, labels: &[String]) -> bool {
    let Some((before, _)) = sentence.split_once(": ") else {
        return false;
    };
    // The whole opening, or its last part after a comma ("…, Origins"): not "The process
    // has three stages: soak, …", whose opening only ends in a heading.
    let last = before.rsplit_once(", ").map_or(before, |(_, last)| last);
    [before, last]
        .iter()
        .map(|part| without_article(&quality::normal(part)))
        .any(|part| labels.contains(&part))
}

fn add(total: &mut Score, score: Score) {
    total.facts += score.facts;
    total.of_facts += score.of_facts;
    total.sentences += score.sentences;
    total.invented.extend(score.invented);
    total.labelled.extend(score.labelled);
    total.defects.add(&score.defects);
    total.notes.extend(score.notes);
    total.citations.add(&score.citations);
    total.seconds += score.seconds;
    if let Some(check) = score.check {
        *total.check.get_or_insert_with(Default::default) += check;
    }
}

fn share(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    format!("{:.2}", part as f64 / whole as f64)
}

fn print_score(name: &str, score: &Score) {
    println!(
        "  {name:<36} facts {}/{} ({}), sentences {}, invented {}, support {} ({}/{} cited), \
         relevance {} ({}/{}), opening with a label {}, repeats {}, cut {}, garbled {}, \
         echoes {}, script {:.0} s",
        score.facts,
        score.of_facts,
        share(score.facts, score.of_facts),
        score.sentences,
        score.invented.len(),
        share(score.citations.supported, score.citations.cited_sentences),
        score.citations.supported,
        score.citations.cited_sentences,
        share(score.citations.relevant, score.citations.cites),
        score.citations.relevant,
        score.citations.cites,
        score.labelled.len(),
        score.defects.repeats,
        score.defects.cut_sentences,
        score.defects.garbled,
        score.defects.echoes,
        score.seconds,
    );
    if let Some(check) = score.check {
        println!(
            "  {:<36} the stage's check: {} checked, {} supported, {} written again, {} dropped, \
             {} kept unsupported, {} citing nothing",
            "",
            check.checked,
            check.supported,
            check.asked_again,
            check.dropped,
            check.kept_unsupported,
            check.uncited
        );
    }
    for sentence in &score.invented {
        println!("  {:<36} invented: {sentence}", "");
    }
    for sentence in &score.labelled {
        println!("  {:<36} opens with a label: {sentence}", "");
    }
    for note in &score.notes {
        println!("  {:<36} {note}", "");
    }
}

fn print_narration(storyboard: &Storyboard, all: &[Passage]) {
    for scene in &storyboard.scenes {
        println!("    # {}", scene.visual.heading());
        for beat in 0..scene.narration.len() {
            for (sentence, cites) in scene.cited_sentences(beat) {
                let cites: Vec<String> = cites
                    .iter()
                    .map(|c| {
                        let heading = all
                            .iter()
                            .find(|p| p.is_cited_by(c))
                            .and_then(|p| p.heading.clone())
                            .unwrap_or_default();
                        format!("{}#{} {heading}", c.source_id, c.passage)
                    })
                    .collect();
                println!("      {sentence}  [{}]", cites.join("; "));
            }
        }
    }
}
