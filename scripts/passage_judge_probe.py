#!/usr/bin/env python3
"""How well the passage judge of a lesson from documents (pipeline/src/script/lesson/cites.rs,
`says_so`) tells the sentences a passage states from those it does not, and whether another
way of asking does better.

Starts the installed llama-server with the installed model (as `lectern` does: 4 slots,
threads = cores), puts 82 sentences, each beside its passage (41 the passage states, most in
other words; 41 it does not: recombined, invented purposes, facts from memory, wrong figures,
17 that restate the passage and add a clause, 10 of them a clause it does not state,
and 10 of the recorded corpus lessons)
to each way of asking, at temperature 0 under a JSON-schema grammar, and prints how many
supported sentences each kept and how many unsupported ones it caught. The passages are
those of pipeline/tests/corpus/sources/{photosynthesis,velmora}.md, shown as Lectern shows
them. Nothing here is used by Lectern; it is the measurement behind docs/local-model.md.

    python3 scripts/passage_judge_probe.py [--model PATH] [--show] [variant ...]
"""
import argparse
import concurrent.futures as cf
import re
import sys
import time
from pathlib import Path

from fact_check_probe import ask_json, models_home, serve

SOURCES = Path(__file__).resolve().parent.parent / "pipeline/tests/corpus/sources"


def sections(name):
    """The document's sections as Lectern labels them: (label, text)."""
    text = (SOURCES / name).read_text()
    title = re.search(r"^# (.+)$", text, re.M).group(1).strip()
    out = []
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        heading, _, body = part.partition("\n")
        out.append((f"{title}, {heading.strip()}", " ".join(body.split())))
    return out


P = sections("photosynthesis.md")
V = sections("velmora.md")

CASES = [  # (passage, sentence, the passage states it)
    (P[0], "Plants use sunlight to convert carbon dioxide and water into glucose, releasing oxygen as a byproduct.", True),
    (P[0], "Photosynthesis is how plants, algae and some bacteria make sugar from carbon dioxide and water using light.", True),
    (P[0], "Almost every food chain on land starts with photosynthesis.", True),
    (P[0], "Photosynthesis releases carbon dioxide into the air.", False),
    (P[0], "Most of the oxygen we breathe comes from algae in the oceans.", False),
    (P[0], "Plants take in oxygen from the air to make sugar.", False),
    (P[1], "The leaf is the main site of photosynthesis.", True),
    (P[1], "A stack of thylakoids is called a granum.", True),
    (P[1], "Carbon dioxide gets into the leaf through tiny pores called stomata.", True),
    (P[1], "Each thylakoid is surrounded by a granum, which converts light energy into chemical energy.", False),
    (P[1], "Each chloroplast is wrapped in three membranes.", False),
    (P[1], "Water reaches the leaves through the phloem.", False),
    (P[1], "Chloroplasts contain their own DNA.", False),
    (P[2], "Other pigments, such as carotenoids, absorb some of the light that chlorophyll fails to capture.", True),
    (P[2], "Leaves look green because chlorophyll reflects green light.", True),
    (P[2], "Chlorophyll absorbs mostly green light.", False),
    (P[2], "Chlorophyll is found in the stroma.", False),
    (P[3], "The light-dependent reactions are the first stage of photosynthesis, which happens in the thylakoid membranes and needs light.", True),
    (P[3], "Light energy is used to split water, which releases oxygen.", True),
    (P[3], "The energy of the electrons is used to make ATP and NADPH.", True),
    (P[3], "Each chloroplast is surrounded by two membranes, which convert light energy into chemical energy.", False),
    (P[3], "The light-dependent reactions take place in the stroma.", False),
    (P[3], "The light-dependent reactions make glucose directly.", False),
    (P[4], "The Calvin cycle uses ATP and NADPH to turn carbon dioxide from the air into a three-carbon sugar called G3P.", True),
    (P[4], "The Calvin cycle is a series of reactions that turn fixed carbon into a three-carbon sugar called G3P.", True),
    (P[4], "The enzyme rubisco joins carbon dioxide to a five-carbon sugar called RuBP.", True),
    (P[4], "The Calvin cycle takes place in the thylakoid membranes and uses the energy of sunlight.", False),
    (P[4], "In the Calvin cycle, carbon dioxide and water are converted into glucose and oxygen.", False),
    (P[4], "Rubisco is the fastest enzyme in the plant.", False),
    (P[5], "Temperature also affects the rate of photosynthesis.", True),
    (P[5], "Brighter light speeds up photosynthesis until another factor becomes limiting.", True),
    (P[5], "The factor in shortest supply is called the limiting factor.", True),
    (P[5], "Photosynthesis keeps speeding up as the temperature rises.", False),
    (P[5], "Humidity is one of the three main factors that limit photosynthesis.", False),
    (P[6], "Plants store some of the glucose they make as starch.", True),
    (P[6], "Forests and ocean algae matter for the climate because photosynthesis removes carbon dioxide from the air.", True),
    (P[6], "Plants use glucose to build their cell walls out of protein.", False),
    (V[0], "Ilse Brandvik devised the Velmora process in 1931.", True),
    (V[0], "Before the Velmora method, one lens in four cracked as it cooled.", True),
    (V[0], "Brandvik wanted lighthouse lenses that would not crack when they cooled.", True),
    (V[0], "The Velmora process was devised in 1913 by Ilse Brandvik.", False),
    (V[0], "The Korsholm glass works stood on the river Tavel in southern Norway.", False),
    (V[0], "Brandvik developed the process to make telescope mirrors.", False),
    (V[1], "In the soak, the lens is kept at 512 degrees Celsius for 40 minutes.", True),
    (V[1], "During the fall, the temperature goes down 3 degrees every minute until it reaches 380 °C.", True),
    (V[1], "The dry nitrogen of the rest keeps moisture away from the glass.", True),
    (V[1], "The process has three stages: the soak, the fall and the rest.", True),
    (V[1], "The lens reaches 380 °C in the rest.", False),
    (V[1], "In the rest, the lens is laid in dry nitrogen for 6 hours to make it harder.", False),
    (V[1], "The soak heats the lens until it is soft enough to shape.", False),
    (V[2], "With the Velmora process, only one lens in two hundred cracked.", True),
    (V[2], "The method is named after the village where Brandvik was born.", True),
    (V[2], "The Korsholm works adopted the method for all its lenses in 1934.", True),
    (V[2], "The method was named after Brandvik's daughter.", False),
    (V[2], "The Velmora process made the lenses twice as bright.", False),
    # A sentence that says what the passage says and adds a clause: the kind that passed in a
    # real lesson ("the fall ... ensures all parts of the lens are at the same temperature").
    (V[0], "Brandvik devised the process in 1931 at the Korsholm glass works, which stood on the river Tavel.", True),
    (V[0], "Brandvik devised the process in 1931 at the Korsholm glass works, the largest glass works in Sweden.", False),
    (V[1], "In the soak, the lens is held at 512 °C for 40 minutes, so that the whole lens reaches the same temperature.", True),
    (V[1], "In the fall, the temperature drops by 3 degrees a minute, so that all parts of the lens reach the same temperature.", False),
    (V[1], "In the rest, the lens lies in dry nitrogen at 90 °C for 6 hours, which keeps moisture away from the glass.", True),
    (V[1], "In the rest, the lens is laid in dry nitrogen for 6 hours, which keeps the lens strong and durable.", False),
    (V[1], "The soak holds the lens at 512 °C for 40 minutes, which makes the glass clearer.", False),
    (V[2], "The Korsholm works adopted the method for all its lenses in 1934, after it won a national prize.", False),
    (P[2], "Chlorophyll reflects green light, which is why leaves look green.", True),
    (P[2], "Chlorophyll absorbs red and blue light well, which is why leaves turn red in autumn.", False),
    (P[3], "Splitting water releases oxygen, which leaves the leaf through the stomata.", True),
    (P[3], "Splitting water releases oxygen, which the plant then uses for its own respiration.", False),
    (P[4], "Some G3P leaves the cycle to build glucose, and the rest is used to make RuBP again.", True),
    (P[4], "Rubisco fixes carbon dioxide by joining it to RuBP, which makes it the fastest enzyme in the plant.", False),
    (P[5], "Brighter light speeds photosynthesis up until another factor becomes limiting, which usually happens at noon.", False),
    (P[6], "Photosynthesis removes carbon dioxide from the air, which is why forests matter for the climate.", True),
    (P[6], "Plants store some of their glucose as starch, which they break down at night to release oxygen.", False),
    # Sentences of the recorded corpus lessons from these documents (pipeline/tests/corpus/
    # {velmora,photosynthesis}-sources.json.gz), as the judge saw them.
    (V[0], "The Velmora process was devised in 1931 by the chemist Ilse Brandvik at the Korsholm glass works, which stood on the Tavel river in northern Sweden.", True),
    (V[0], "The Velmora annealing process is a hardening method used to improve the quality of glass lenses.", False),
    (V[1], "In the fall, the lens is cooled to 380 degrees Celsius.", True),
    (V[1], "It consists of three stages: soak, fall, and rest.", True),
    (V[1], "The fall stage is a crucial part of the process, as it helps to ensure that all parts of the lens are at the same temperature, which is essential for the hardening process.", False),
    (P[0], "It contains chloroplasts, which are responsible for the process of converting light energy into chemical energy.", False),
    (P[1], "The thylakoids are flat, disc-shaped sacs that are responsible for the process of converting light energy into chemical energy.", False),
    (P[3], "Photosynthesis involves splitting water molecules using chlorophyll, releasing oxygen, and generating ATP and NADPH for energy.", True),
    (P[3], "Photosynthesis involves splitting water molecules using chlorophyll to release oxygen, which is then carried to the second stage.", False),
    (P[4], "It uses ATP and NADPH to fix carbon dioxide from the air and convert it into a three-carbon sugar called G3P.", True),
]

# Where the sentences with an added clause, and those of the recorded lessons, begin in CASES.
CLAUSES = 55
RECORDED = 72

# What the writer of a lesson from documents is told (pipeline/src/script/lesson/plan.rs and
# grounding/passages.rs), for the ways of asking that share the lesson's prompt.
WRITER = ("You are an expert teacher who writes narrated slide lessons. You write one part of a "
          "lesson at a time, as the JSON document asked for.\nRules:\n- Be correct and specific: "
          "name the real mechanisms, parts, dates, formulas and examples of the topic. Never invent "
          "facts, quotations, statistics or sources. When reference facts are given, keep to them.\n"
          "- Slides hold short phrases; the spoken sentences (\"say\", \"more\", \"opening\") "
          "explain them in full sentences of about 18 words, written to be spoken: no markdown, no "
          "symbols that cannot be read aloud, no URLs.\n- Each scene teaches something new; never "
          "repeat an earlier scene.\n- Math uses Typst math syntax without '#' or '$': x^2 + 3x - 4 "
          "= 0, frac(a, b), sqrt(x), alpha, times, arrow.r. Upright text goes in quotes: \"CO\"_2, "
          "5 \" m/s\".")
PASSAGE_RULE = ("Write only what the numbered passages from the learner's documents say: every fact, "
                "figure, date and name must come from them, never from memory. End each spoken "
                "sentence with the number of the passage it rests on in square brackets, before its "
                "full stop, like this: \"The oven is held at 500 degrees [2].\"")

SYSTEM = ("You check a narrated lesson against its source. A sentence is supported only when the "
          "passage states what it says; a claim the passage does not make, however likely, is not "
          "supported.")
NONE = "None of these sentences"
URL = ""

# Function words, roughly as pipeline/src/lexicon.rs has them (for `today`'s quote test).
FUNCTION = set("""a an the and or but nor so yet of in on at to for from by with about as into onto
upon over under than then that this these those it its is are was were be been being has have had
do does did not no which who whom whose what when where why how all any each every some such can
could may might must shall should will would also there their they them he she his her we our you
your i me my one""".split())


def ask(messages, properties, max_tokens=200):
    return ask_json(URL, "passage_support", messages, properties, max_tokens)


def shown(passage):
    label, text = passage
    return f"Passage:\n[1] {label}: {text}"


def sentences_of(text):
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9])", text) if s.strip()]


def words(text):
    return [w.lower() for w in re.findall(r"[A-Za-z0-9°]+(?:[-'][A-Za-z0-9]+)*", text)]


def turns(question):
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": question}]


# Each way of asking answers whether it keeps the sentence, and what it quoted.
def today(passage, sentence):
    """What cites.rs asks today: a free quote, then the verdict; a yes counts only when the
    quote's content words are all in the passage."""
    q = (f'{shown(passage)}\nSentence: "{sentence}"\nCopy the words of the passage that state what '
         'the sentence says (empty if none do), then say whether the passage supports the sentence.')
    a = ask(turns(q), {"quote": {"type": "string", "maxLength": 400}, "supported": {"type": "boolean"}})
    content = [w for w in words(a["quote"]) if w not in FUNCTION]
    theirs = set(words(passage[1]))
    return a["supported"] and len(content) >= 2 and all(w in theirs for w in content), a["quote"]


def verdict_only(passage, sentence):
    """The verdict alone."""
    q = f'{shown(passage)}\nSentence: "{sentence}"\nDoes the passage support the sentence?'
    return ask(turns(q), {"supported": {"type": "boolean"}})["supported"], ""


def pick(passage, sentence):
    """One of the passage's sentences, or none, chosen under the grammar: kept when one is."""
    choices = sentences_of(passage[1]) + [NONE]
    q = (f'{shown(passage)}\nSentence: "{sentence}"\nWhich sentence of the passage states what this '
         f'sentence says? Answer "{NONE}" if none of them does.')
    a = ask(turns(q), {"states": {"enum": choices}})
    return a["states"] != NONE, a["states"]


def pick_then_verdict(passage, sentence):
    """The passage's sentence chosen under the grammar, then the verdict."""
    choices = sentences_of(passage[1]) + [NONE]
    q = (f'{shown(passage)}\nSentence: "{sentence}"\nChoose the sentence of the passage that states '
         f'what this sentence says ("{NONE}" if none does), then say whether the passage supports '
         'the sentence.')
    a = ask(turns(q), {"quote": {"enum": choices}, "supported": {"type": "boolean"}})
    return a["supported"] and a["quote"] != NONE, a["quote"]


def document_of(passage):
    """The document a passage is of, all its passages numbered as a lesson shows them, and the
    passage's number there."""
    for doc, topic in ((P, "Photosynthesis"), (V, "The Velmora annealing process")):
        if passage in doc:
            listed = "\n".join(f"[{i + 1}] {label}: {text}" for i, (label, text) in enumerate(doc))
            return topic, listed, doc.index(passage) + 1
    raise ValueError(passage)


def all_passages(passage, sentence):
    """The verdict alone, with every passage of the document before the question (the same
    prompt for every sentence of a lesson: the server reads it once), asked of the cited one."""
    _, listed, number = document_of(passage)
    q = (f"Passages:\n{listed}\nSentence: \"{sentence}\"\nIt cites passage [{number}]. Does passage "
         f"[{number}] support the sentence?")
    return ask(turns(q), {"supported": {"type": "boolean"}})["supported"], ""


def in_lesson(passage, sentence):
    """The verdict alone, asked after the lesson's own prompt (the writer's rules and the lesson
    brief with every passage): the prefix the scenes share, already in every slot of the server."""
    topic, listed, number = document_of(passage)
    brief = (f"Lesson topic: {topic}\nSubject: science\nLevel: intermediate; audience: intermediate "
             "learners who know the basics: build on them with examples.\nLength: about 5 minutes of "
             f"narration.\n\n{PASSAGE_RULE}\nPassages:\n{listed}")
    q = (f"Check one sentence of this lesson against the passage it cites. A sentence is supported "
         f"only when the passage states what it says; a claim the passage does not make, however "
         f"likely, is not supported.\nSentence: \"{sentence}\"\nIt cites passage [{number}]. Does "
         f"passage [{number}] support the sentence?")
    messages = [{"role": "system", "content": WRITER}, {"role": "user", "content": brief},
                {"role": "user", "content": q}]
    return ask(messages, {"supported": {"type": "boolean"}})["supported"], ""


def claims(passage, sentence):
    """The sentence's claims listed, each with its verdict (as FActScore splits a text into
    atomic facts); kept when every claim is supported."""
    q = (f'{shown(passage)}\nSentence: "{sentence}"\nList each separate claim the sentence makes '
         '(one to four), and for each say whether the passage supports it.')
    item = {"type": "object", "properties": {"claim": {"type": "string", "maxLength": 160},
                                             "supported": {"type": "boolean"}},
            "required": ["claim", "supported"], "additionalProperties": False}
    a = ask(turns(q), {"claims": {"type": "array", "items": item, "minItems": 1, "maxItems": 4}})
    said = "; ".join(f"{c['claim']} ({'yes' if c['supported'] else 'no'})" for c in a["claims"])
    return all(c["supported"] for c in a["claims"]), said


VARIANTS = {f.__name__: f for f in (today, verdict_only, pick, pick_then_verdict, all_passages,
                                    in_lesson, claims)}


def main():
    global URL
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default=str(models_home() / "models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"))
    parser.add_argument("--show", action="store_true", help="print each answer the variant got wrong")
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    for name in args.variants:
        if name not in VARIANTS:
            sys.exit(f"unknown variant {name}; known: {', '.join(VARIANTS)}")
    if not Path(args.model).is_file():
        sys.exit(f"no model at {args.model}: run `just setup --bench`")
    with serve(args.model) as URL:
        stated = sum(1 for *_, ok in CASES if ok)
        unstated = len(CASES) - stated
        for name in args.variants:
            started = time.monotonic()
            with cf.ThreadPoolExecutor(4) as pool:
                answers = list(pool.map(lambda c: VARIANTS[name](c[0], c[1]), CASES))
            kept = sum(1 for (*_, ok), (k, _) in zip(CASES, answers) if ok and k)
            caught = sum(1 for (*_, ok), (k, _) in zip(CASES, answers) if not ok and not k)
            def part(cases):
                kept = sum(1 for (*_, ok), (k, _) in cases if ok and k)
                caught = sum(1 for (*_, ok), (k, _) in cases if not ok and not k)
                stated = sum(1 for (*_, ok), _ in cases if ok)
                return f"kept {kept}/{stated}, caught {caught}/{len(cases) - stated}"
            pairs = list(zip(CASES, answers))
            print(f"{name:19} kept {kept:2}/{stated} stated, caught {caught:2}/{unstated} not stated "
                  f"({time.monotonic() - started:.0f} s); with an added clause "
                  f"{part(pairs[CLAUSES:RECORDED])}; from recorded lessons {part(pairs[RECORDED:])}",
                  flush=True)
            if args.show:
                for (_, sentence, ok), (k, quote) in zip(CASES, answers):
                    if k != ok:
                        print(f"    {'lost' if ok else 'passed'}: {sentence}\n        quote: {quote}")


if __name__ == "__main__":
    main()
