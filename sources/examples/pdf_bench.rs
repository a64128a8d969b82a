//! Measures the two PDF text extractors on documents Typst makes here: a two-column paper with
//! ligatures and footnotes, and a 300-page book. Prints, for each, the time, pages per second,
//! the share of known sentences found intact (reading order, no words run together), the
//! ligature words found, and whether each page's text carries its own page marker.
//!
//! `cargo run -p lectern-sources --example pdf_bench`

use std::time::Instant;

const WORDS: &[&str] = &[
    "river", "valley", "copper", "lantern", "harvest", "meadow", "signal", "orchard", "granite",
    "compass", "thread", "winter", "ember", "quarry", "sparrow", "ledger",
];

fn sentence(seed: usize, n: usize) -> String {
    let mut words: Vec<&str> = (0..n)
        .map(|i| WORDS[(seed * 7 + i * 3) % WORDS.len()])
        .collect();
    words[0] = "Marker";
    let mut s = words.join(" ");
    s.push_str(&format!(" number {seed}."));
    s
}

struct Doc {
    name: &'static str,
    source: String,
    pages: usize,
    sentences: Vec<String>,
    ligatures: Vec<&'static str>,
    footnotes: Vec<String>,
}

fn paper() -> Doc {
    let ligatures = vec![
        "office",
        "efficient",
        "fluffy",
        "affirm",
        "flight",
        "official",
        "waffle",
    ];
    let mut source = String::from(
        "#set page(paper: \"a4\", columns: 2)\n#set text(font: \"Libertinus Serif\", size: 10pt)\n",
    );
    let mut sentences = Vec::new();
    let mut footnotes = Vec::new();
    for section in 0..12 {
        source.push_str(&format!("= Section {section} of the efficient office\n"));
        for p in 0..6 {
            let n = section * 6 + p;
            let s = sentence(n, 18);
            sentences.push(s.clone());
            let foot = format!("Footnote {n} says the flight was official.");
            footnotes.push(foot.clone());
            source.push_str(&format!(
                "{s} The fluffy waffle affirms an efficient office flight.#footnote[{foot}]\n\n"
            ));
        }
    }
    Doc {
        name: "two-column paper",
        source,
        pages: 0,
        sentences,
        ligatures,
        footnotes,
    }
}

fn book() -> Doc {
    let mut source = String::from("#set page(paper: \"a5\")\n#set text(size: 10pt)\n");
    let mut sentences = Vec::new();
    for page in 1..=300 {
        source.push_str(&format!("= Chapter {page}\n"));
        for p in 0..3 {
            let s = sentence(page * 3 + p, 40);
            sentences.push(s.clone());
            source.push_str(&format!("Page{page}tag {s}\n\n"));
        }
        if page < 300 {
            source.push_str("#pagebreak()\n");
        }
    }
    Doc {
        name: "300-page book",
        source,
        pages: 300,
        sentences,
        ligatures: vec![],
        footnotes: vec![],
    }
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn report(
    name: &str,
    doc: &Doc,
    pdf_pages: usize,
    pages: Result<Vec<String>, String>,
    seconds: f64,
) {
    let pages = match pages {
        Ok(p) => p,
        Err(e) => {
            println!("  {name:12} failed: {e}");
            return;
        }
    };
    let all = squash(&pages.join(" "));
    let intact = doc
        .sentences
        .iter()
        .filter(|s| all.contains(s.as_str()))
        .count();
    let ligatures = doc.ligatures.iter().filter(|w| all.contains(*w)).count();
    let footnotes = doc
        .footnotes
        .iter()
        .filter(|f| all.contains(f.as_str()))
        .count();
    let on_page = if doc.pages > 0 {
        (1..=doc.pages)
            .filter(|n| {
                pages
                    .get(n - 1)
                    .is_some_and(|t| t.contains(&format!("Page{n}tag")))
            })
            .count()
    } else {
        0
    };
    println!(
        "  {name:12} {seconds:7.3} s  {:7.1} pages/s  pages {}/{pdf_pages}  sentences intact {intact}/{}  ligature words {ligatures}/{}  footnotes {footnotes}/{}  page markers on their page {on_page}/{}",
        pdf_pages as f64 / seconds,
        pages.len(),
        doc.sentences.len(),
        doc.ligatures.len(),
        doc.footnotes.len(),
        doc.pages,
    );
}

fn main() {
    for doc in [paper(), book()] {
        let start = Instant::now();
        let pdf = lectern_pipeline::study_sheet::typeset(&doc.source, Vec::new()).expect("typeset");
        println!(
            "{}: {} KB, typeset in {:.1} s",
            doc.name,
            pdf.len() / 1024,
            start.elapsed().as_secs_f64()
        );
        let oxide_pages;
        {
            let start = Instant::now();
            let result = pdf_oxide::document::PdfDocument::from_bytes(pdf.clone())
                .map_err(|e| e.to_string())
                .and_then(|d| {
                    let n = d.page_count().map_err(|e| e.to_string())?;
                    (0..n)
                        .map(|i| d.extract_text(i).map_err(|e| e.to_string()))
                        .collect()
                });
            let seconds = start.elapsed().as_secs_f64();
            oxide_pages = result.as_ref().map(|p: &Vec<String>| p.len()).unwrap_or(0);
            if std::env::var("SHOW").is_ok() {
                if let Ok(p) = &result {
                    println!("--- pdf_oxide page 1:\n{}", p[0]);
                }
                let d = pdf_oxide::document::PdfDocument::from_bytes(pdf.clone()).unwrap();
                let options = pdf_oxide::converters::ConversionOptions {
                    detect_headings: true,
                    ..Default::default()
                };
                println!(
                    "--- pdf_oxide markdown page 1:\n{}",
                    d.to_markdown(0, &options).unwrap()
                );
            }
            report("pdf_oxide", &doc, oxide_pages, result, seconds);
        }
        {
            let start = Instant::now();
            let result =
                std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(&pdf))
                    .map_err(|_| "panicked".to_string())
                    .and_then(|r| r.map_err(|e| e.to_string()));
            let seconds = start.elapsed().as_secs_f64();
            if std::env::var("SHOW").is_ok()
                && let Ok(p) = &result
            {
                println!("--- pdf-extract page 1:\n{}", p[0]);
            }
            report("pdf-extract", &doc, oxide_pages, result, seconds);
        }
    }
}
