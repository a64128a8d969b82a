#!/usr/bin/env python3
"""How well the local model's sentence check (pipeline/src/script/facts.rs) tells wrong
sentences from right ones, and whether another way of asking does better.

Starts the installed llama-server with the installed model (as `lectern` does: 4 slots,
threads = cores), puts 36 sentences (19 wrong, 17 right; the wrong ones are mistakes the
1.5B model made in real scripts, or alike) to each way of asking, at temperature 0 under a
JSON-schema grammar, and prints how many wrong ones each caught and how many right ones it
flagged. Nothing here is used by Lectern; it is the measurement behind docs/decisions.md.

    python3 scripts/fact_check_probe.py [--model PATH] [variant ...]
"""
import argparse
import contextlib
import concurrent.futures as cf
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

SENTENCES = [  # (topic, sentence, correct)
    ("The water cycle", "Clouds eventually fall back to the Earth's surface, releasing water vapor back into the atmosphere.", False),
    ("The water cycle", "Condensation is the process by which liquid water turns into water vapor.", False),
    ("The water cycle", "Evaporation happens when water vapor cools and forms clouds.", False),
    ("The water cycle", "Precipitation is when water rises from the ocean into the sky.", False),
    ("The water cycle", "The sun's energy stops evaporation from oceans and lakes.", False),
    ("The water cycle", "Evaporation turns liquid water into water vapor.", True),
    ("The water cycle", "As water vapor rises and cools, it condenses into tiny droplets that form clouds.", True),
    ("The water cycle", "Precipitation returns water to the surface as rain, snow, sleet or hail.", True),
    ("The water cycle", "Water that soaks into the ground becomes groundwater.", True),
    ("The water cycle", "The sun provides the energy that drives evaporation.", True),
    ("Photosynthesis", "In carbon fixation, carbon dioxide is converted into glucose and oxygen.", False),
    ("Photosynthesis", "Respiration breaks down chemical energy into light.", False),
    ("Photosynthesis", "Photosynthesis releases carbon dioxide into the atmosphere.", False),
    ("Photosynthesis", "Plants absorb oxygen from the air to make glucose during photosynthesis.", False),
    ("Photosynthesis", "Chlorophyll absorbs mostly green light.", False),
    ("Photosynthesis", "The Calvin cycle takes place in the thylakoid membranes.", False),
    ("Photosynthesis", "Photosynthesis takes place in the mitochondria of plant cells.", False),
    ("Photosynthesis", "Plants use sunlight, water and carbon dioxide to make glucose and oxygen.", True),
    ("Photosynthesis", "Chlorophyll absorbs red and blue light and reflects green light.", True),
    ("Photosynthesis", "The light-dependent reactions take place in the thylakoid membranes.", True),
    ("Photosynthesis", "The Calvin cycle uses ATP and NADPH to turn carbon dioxide into sugar.", True),
    ("Photosynthesis", "Photosynthesis takes place in the chloroplasts of plant cells.", True),
    ("Photosynthesis", "The oxygen released in photosynthesis comes from splitting water molecules.", True),
    ("Inflation", "Inflation is a fall in the general level of prices over time.", False),
    ("Inflation", "Inflation increases the purchasing power of money.", False),
    ("Inflation", "Inflation is a rise in the general level of prices over time.", True),
    ("Inflation", "Central banks often raise interest rates to slow inflation.", True),
    ("The French Revolution", "The French Revolution began in 1812.", False),
    ("The French Revolution", "The storming of the Bastille took place on 14 July 1789.", True),
    ("The French Revolution", "Napoleon Bonaparte led the storming of the Bastille.", False),
    ("Python loops", "A for loop in Python runs its body only once.", False),
    ("Python loops", "A while loop repeats as long as its condition is true.", True),
    ("Plate tectonics", "Plate tectonics says that the continents never move.", False),
    ("Plate tectonics", "Earthquakes often happen where tectonic plates meet.", True),
    ("Gravity", "Heavier objects always fall faster than lighter ones in a vacuum.", False),
    ("Gravity", "Gravity pulls objects toward the centre of the Earth.", True),
]

SYSTEM = "You are a careful teacher checking a lesson script for factual errors."
URL = ""


def ask_json(url, name, messages, properties, max_tokens=200):
    """One request to llama-server at `url`, at temperature 0, its answer held to a JSON object
    of `properties` by the grammar; the answer's object. Shared with passage_judge_probe.py."""
    schema = {"type": "object", "properties": properties, "required": list(properties),
              "additionalProperties": False}
    body = {"model": "local", "messages": messages, "temperature": 0.0, "max_tokens": max_tokens,
            "response_format": {"type": "json_schema",
                                "json_schema": {"name": name, "schema": schema, "strict": True}}}
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(request, timeout=600))
    return json.loads(answer["choices"][0]["message"]["content"])


def ask(messages, properties, max_tokens=200):
    return ask_json(URL, "fact_check", messages, properties, max_tokens)


def turns(question):
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": question}]


# Each way of asking answers whether it keeps the sentence.
def lectern(topic, sentence):
    """What facts.rs asks today."""
    q = f'Lesson topic: {topic}.\nSentence: "{sentence}"\nIs this sentence factually correct? Answer true or false.'
    return ask(turns(q), {"correct": {"type": "boolean"}})["correct"]


def has_error(topic, sentence):
    """The question turned round."""
    q = f'Lesson topic: {topic}.\nSentence: "{sentence}"\nDoes this sentence contain a factual error? Answer true or false.'
    return not ask(turns(q), {"has_error": {"type": "boolean"}})["has_error"]


def corrected(topic, sentence):
    """Asked to correct it: kept when written back unchanged."""
    q = (f'Lesson topic: {topic}.\nSentence: "{sentence}"\nRewrite the sentence so that it is factually '
         'correct, changing as little as possible. If it is already correct, write it unchanged.')
    text = ask(turns(q), {"corrected": {"type": "string", "maxLength": 300}}, 120)["corrected"]
    norm = lambda t: " ".join(t.lower().replace(".", "").replace(",", "").split())
    return norm(text) == norm(sentence)


def claim_first(topic, sentence):
    """A reason before the verdict: the main claim named first."""
    q = (f'Lesson topic: {topic}.\nSentence: "{sentence}"\nFirst name the main claim of the sentence, '
         'then say whether it is factually correct.')
    return ask(turns(q), {"claim": {"type": "string", "maxLength": 160}, "correct": {"type": "boolean"}}, 120)["correct"]


EXAMPLES = [("The water cycle", "Rain is water vapor rising from the ground.", False),
            ("The water cycle", "Evaporation turns liquid water into water vapor.", True),
            ("Photosynthesis", "Plants release carbon dioxide during photosynthesis.", False)]


def three_examples(topic, sentence):
    """Today's question after three answered examples (topics of the test set)."""
    messages = [{"role": "system", "content": SYSTEM}]
    for t, s, ok in EXAMPLES:
        messages.append({"role": "user", "content": f'Lesson topic: {t}.\nSentence: "{s}"\nIs this sentence factually correct? Answer true or false.'})
        messages.append({"role": "assistant", "content": json.dumps({"correct": ok})})
    messages.append({"role": "user", "content": f'Lesson topic: {topic}.\nSentence: "{sentence}"\nIs this sentence factually correct? Answer true or false.'})
    return ask(messages, {"correct": {"type": "boolean"}})["correct"]


def gcide_entry(topic):
    """The topic's whole GCIDE entry (dict-gcide), tags and braces out, at most 1,500
    characters; empty when GCIDE has none. Cruder than Lectern's sense choice
    (pipeline/src/grounding/gcide.rs), which is not needed for the three topics that have one
    here (Photosynthesis, Inflation, Plate tectonics)."""
    import gzip
    import re
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    number = lambda text: sum(digits.index(c) * 64 ** i for i, c in enumerate(reversed(text)))
    key = topic.lower().removeprefix("the ")
    if key not in ("photosynthesis", "inflation", "plate tectonics"):
        return ""
    for line in open("/usr/share/dictd/gcide.index", encoding="utf-8", errors="replace"):
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= 3 and fields[0].lower() == key:
            offset, length = number(fields[1]), number(fields[2])
            text = gzip.open("/usr/share/dictd/gcide.dict.dz").read()[offset:offset + length]
            text = re.sub(r"\[[^\]]{0,40}\]|[{}]", "", text.decode("utf-8", "replace"))
            text = re.sub(r"^\S+ \\[^\\]*\\,?", "", " ".join(text.split())).strip()
            return text[:1500]
    return ""


def background(topic, sentence):
    """Today's question after the topic's GCIDE entry, for the topics that have one."""
    entry = gcide_entry(topic)
    before = f"Reference text on {topic} (from a dictionary):\n{entry}\n\n" if entry else ""
    q = before + f'Lesson topic: {topic}.\nSentence: "{sentence}"\nIs this sentence factually correct? Answer true or false.'
    return ask(turns(q), {"correct": {"type": "boolean"}})["correct"]


def background_hedged(topic, sentence):
    """The same, told that the text does not cover everything."""
    entry = gcide_entry(topic)
    before = (f"Reference text on {topic} (from a dictionary; it does not cover everything):\n{entry}\n\n"
              if entry else "")
    q = before + (f'Lesson topic: {topic}.\nSentence: "{sentence}"\nIs this sentence factually correct? A '
                  'sentence about something the reference text does not mention can still be correct. '
                  'Answer true or false.')
    return ask(turns(q), {"correct": {"type": "boolean"}})["correct"]


VARIANTS = {f.__name__: f for f in (lectern, has_error, corrected, claim_first, three_examples,
                                    background, background_hedged)}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def models_home():
    return Path(os.environ.get("LECTERN_MODELS_DIR") or Path.home() / ".cache/lectern")


@contextlib.contextmanager
def serve(model):
    """The installed llama-server on `model` as `lectern` starts it (4 slots, threads =
    cores), on a free port; yields its chat completions URL once it answers."""
    port = free_port()
    server = subprocess.Popen(
        [str(models_home() / "bin/llama-server"), "--model", model, "--host", "127.0.0.1", "--port", str(port),
         "--threads", str(os.cpu_count()), "--ctx-size", "8192", "--parallel", "4", "--kv-unified", "--no-webui"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2)
                break
            except OSError:
                time.sleep(1)
        yield f"http://127.0.0.1:{port}/v1/chat/completions"
    finally:
        server.terminate()
        server.wait()


def main():
    global URL
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default=str(models_home() / "models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"))
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    for name in args.variants:
        if name not in VARIANTS:
            sys.exit(f"unknown variant {name}; known: {', '.join(VARIANTS)}")
    if not Path(args.model).is_file():
        sys.exit(f"no model at {args.model}: run `just setup` (or scripts/local_model.py install --model qwen2.5-1.5b)")
    with serve(args.model) as URL:
        wrong = sum(1 for *_, ok in SENTENCES if not ok)
        right = len(SENTENCES) - wrong
        for name in args.variants:
            started = time.monotonic()
            with cf.ThreadPoolExecutor(4) as pool:
                kept = list(pool.map(lambda t: VARIANTS[name](t[0], t[1]), SENTENCES))
            caught = sum(1 for (*_, ok), k in zip(SENTENCES, kept) if not ok and not k)
            flagged = sum(1 for (*_, ok), k in zip(SENTENCES, kept) if ok and not k)
            print(f"{name:15} caught {caught:2}/{wrong} wrong, flagged {flagged:2}/{right} right "
                  f"({time.monotonic() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
