/*
 * Lectern's SCORM 1.2 lesson player. It plays one lesson's video (window.LECTERN_LESSON, from
 * lesson.js) in the page of sco.html: captions, chapters that seek, and the checkpoint questions
 * the Lectern web player asks, in the web player's markup and classes (the package carries its
 * checkpoint.css), and for a lesson written from the learner's documents its transcript with each
 * sentence's citations and the passages they cite. Through the LMS's SCORM 1.2 API, when one is found, it reports the lesson
 * completed once 90% of it was played (or it ended), the checkpoint score, where to resume and
 * the answers given. Without an LMS it still plays and says that nothing is recorded.
 *
 * Plain ES2017, no modules, no dependencies: LMSs serve packages from any host, sometimes from
 * file://. Nothing here may throw at the LMS or get in the learner's way.
 */
(() => {
  'use strict';

  /** Playing on past this share of the video completes the lesson. */
  const COMPLETE_SHARE = 0.9;
  /** While the video plays, the resume point is saved this often. */
  const SAVE_EVERY_MS = 15000;
  /** A saved point this early is not worth resuming at. */
  const RESUME_AFTER_SECONDS = 5;
  /** Playback moving more than this further than the clock between two updates (times the speed) jumped: it was not played. */
  const STEP_SLACK_SECONDS = 1;
  /** A question opened from the chapter list seeks this far before its point, so playing on does not pass it unseen. */
  const OPEN_BEFORE_SECONDS = 0.1;
  const NUMBER_HINT = 'A number such as 3.5, -2 or 1/4';

  const isNumber = (value) => typeof value === 'number' && isFinite(value);
  const isText = (value) => typeof value === 'string';
  const pad = (number, digits) => String(number).padStart(digits, '0');

  // The lesson's data, read leniently: an item the player cannot use is left out, never fatal.

  const readChapters = (raw) =>
    (Array.isArray(raw) ? raw : [])
      .filter((c) => c && isNumber(c.start))
      .map((c, i) => ({ start: c.start, title: isText(c.title) && c.title.trim() ? c.title.trim() : `Chapter ${i + 1}` }))
      .sort((a, b) => a.start - b.start);

  /** The questions the player can ask (options and the right one, or a number), in video order. */
  function readCheckpoints(raw) {
    const list = [];
    for (const item of Array.isArray(raw) ? raw : []) {
      if (!item || !isNumber(item.index) || !isText(item.question) || !item.question.trim() || !isNumber(item.at)) continue;
      const options = Array.isArray(item.options) ? item.options.filter(isText) : [];
      if (item.kind === 'choice' ? options.length < 2 || !isNumber(item.answer) || !options[item.answer] : item.kind !== 'number' || !isNumber(item.value)) {
        continue;
      }
      list.push({
        index: item.index,
        question: item.question.trim(),
        kind: item.kind,
        options,
        answer: item.answer,
        value: item.value,
        tolerance: isNumber(item.tolerance) ? Math.abs(item.tolerance) : 0,
        unit: isText(item.unit) && item.unit.trim() ? item.unit.trim() : null,
        explanation: isText(item.explanation) ? item.explanation.trim() : '',
        at: item.at,
        rewatchFrom: isNumber(item.rewatch_from) ? Math.min(item.rewatch_from, item.at) : 0,
        heading: isText(item.heading) ? item.heading.trim() : '',
      });
    }
    return list.sort((a, b) => a.at - b.at || a.index - b.index);
  }

  /**
   * A lesson written from the learner's documents: the documents, each sentence with the
   * numbers of the passages it cites, and each passage cited (its text is empty when its
   * document was deleted before the package was made). Null for any other lesson.
   */
  function readSources(raw) {
    if (!raw || typeof raw !== 'object') return null;
    const citations = (Array.isArray(raw.citations) ? raw.citations : [])
      .filter((c) => c && isNumber(c.number) && isText(c.title))
      .map((c) => ({
        number: c.number,
        title: c.title.trim() || 'A document of yours',
        page: isNumber(c.page) ? c.page : null,
        heading: isText(c.heading) ? c.heading.trim() : '',
        text: isText(c.text) ? c.text.trim() : '',
      }));
    const numbers = new Set(citations.map((c) => c.number));
    const sentences = (Array.isArray(raw.sentences) ? raw.sentences : [])
      .filter((s) => s && isNumber(s.start) && isText(s.text) && s.text.trim())
      .map((s) => ({ start: s.start, text: s.text.trim(), cites: (Array.isArray(s.cites) ? s.cites : []).filter((n) => numbers.has(n)) }));
    const documents = (Array.isArray(raw.documents) ? raw.documents : [])
      .filter((d) => d && isText(d.title) && d.title.trim())
      .map((d) => ({ title: d.title.trim(), pages: (Array.isArray(d.pages) ? d.pages : []).filter(isNumber) }));
    if (citations.length === 0 && sentences.length === 0) return null;
    return { citations, sentences, documents };
  }

  const lesson = window.LECTERN_LESSON || {};
  const chapters = readChapters(lesson.chapters);
  const checkpoints = readCheckpoints(lesson.checkpoints);
  const sources = readSources(lesson.sources);

  // What the learner did: right (true), wrong (false) or skipped (null) by question index, and
  // the furthest point played to. Both outlive the session in cmi.suspend_data.
  const results = new Map();
  let furthest = 0;
  let completed = false;

  // Answers

  const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;
  const FRACTION = /^([+-]?\d+)\/(\d+)$/;

  /** "3.5", "-2", "3,5" (a comma decimal) or "1/4" as a number; null when it is none of these. */
  function parseNumberAnswer(text) {
    const compact = text.trim().replace(/\s+/g, '').replace(/[\u2212\u2013]/g, '-');
    const fraction = FRACTION.exec(compact);
    if (fraction) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
    if (!DECIMAL.test(compact)) return null;
    const value = Number(compact.replace(',', '.'));
    return isFinite(value) ? value : null;
  }

  /** Within the tolerance of the value, with room for float rounding (0.1 + 0.2 is 0.3). */
  const isRightNumber = (checkpoint, typed) =>
    Math.abs(typed - checkpoint.value) <= checkpoint.tolerance + 1e-9 * Math.max(1, Math.abs(checkpoint.value));

  const rightAnswerText = (checkpoint) =>
    checkpoint.kind === 'choice'
      ? checkpoint.options[checkpoint.answer]
      : `${checkpoint.value}${checkpoint.unit ? ` ${checkpoint.unit}` : ''}`;

  /** How a question went: 'open' (not answered yet), 'right', 'wrong' or 'skipped'. */
  function stateOf(index) {
    if (!results.has(index)) return 'open';
    const result = results.get(index);
    if (result === null) return 'skipped';
    return result ? 'right' : 'wrong';
  }

  // The LMS: its SCORM 1.2 API, found as ADL's algorithm finds it.

  function apiOf(win) {
    try {
      return win.API && typeof win.API.LMSInitialize === 'function' ? win.API : null;
    } catch (error) {
      return null; // a window of another origin
    }
  }

  /** `API` in this window or one of its parents, at most 500 levels up. */
  function searchUp(win) {
    for (let level = 0; win && level <= 500; level += 1) {
      const api = apiOf(win);
      if (api) return api;
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }

  function findApi() {
    try {
      return searchUp(window) || (window.opener ? searchUp(window.opener) : null);
    } catch (error) {
      return null;
    }
  }

  /** A CMITimespan: HHHH:MM:SS.SS. */
  function cmiTimespan(ms) {
    const centis = Math.max(0, Math.round(ms / 10));
    const hours = Math.min(9999, Math.floor(centis / 360000));
    const minutes = Math.floor(centis / 6000) % 60;
    const seconds = Math.floor(centis / 100) % 60;
    return `${pad(hours, 4)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(centis % 100, 2)}`;
  }

  /**
   * The LMS session. Each call is followed by LMSGetLastError, a failure is logged, nothing
   * throws. Before LMSInitialize succeeded, and after LMSFinish, calls do nothing.
   */
  function connect(api) {
    let open = false;
    let startedAt = Date.now();
    // The last value sent or read per element: periodic saves send only what changed.
    const known = {};

    function call(name, args) {
      try {
        const result = api[name](...args);
        const code = String(api.LMSGetLastError());
        if (code !== '0' && code !== '') {
          const detail = `${code} ${api.LMSGetErrorString(code)} ${api.LMSGetDiagnostic(code)}`;
          console.warn(`SCORM ${name}(${args.map((a) => JSON.stringify(a)).join(', ')}) failed: ${detail}`);
        }
        return result === null || result === undefined ? '' : String(result);
      } catch (error) {
        console.warn(`SCORM ${name} threw`, error);
        return '';
      }
    }

    const session = {
      start() {
        open = Boolean(api) && call('LMSInitialize', ['']) === 'true';
        startedAt = Date.now();
        return open;
      },
      get(element) {
        if (!open) return '';
        known[element] = call('LMSGetValue', [element]);
        return known[element];
      },
      set(element, value) {
        if (!open) return;
        known[element] = String(value);
        call('LMSSetValue', [element, String(value)]);
      },
      /** Sends the value if it differs from the last one sent or read; true if it did. */
      change(element, value) {
        if (!open || known[element] === String(value)) return false;
        session.set(element, value);
        return true;
      },
      commit() {
        if (open) call('LMSCommit', ['']);
      },
      finish() {
        if (!open) return;
        session.set('cmi.core.session_time', cmiTimespan(Date.now() - startedAt));
        session.commit();
        call('LMSFinish', ['']);
        open = false;
      },
    };
    return session;
  }

  const lms = connect(findApi());

  /** The answers and the furthest point, as cmi.suspend_data keeps them (a few dozen characters). */
  function suspendData() {
    const answers = {};
    results.forEach((result, index) => {
      answers[index] = result;
    });
    return JSON.stringify({ answers, furthest: Math.floor(furthest) });
  }

  function readSuspendData(text) {
    let data = null;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return;
    }
    const answers = data && typeof data.answers === 'object' && data.answers ? data.answers : {};
    for (const { index } of checkpoints) {
      const result = answers[index];
      if (result === true || result === false || result === null) results.set(index, result);
    }
    if (data && isNumber(data.furthest)) furthest = Math.max(0, data.furthest);
  }

  /** Sends where to resume and the answers if they changed; true if it did. */
  const noteProgress = () => {
    const moved = lms.change('cmi.core.lesson_location', String(Math.floor(video.currentTime)));
    const answered = lms.change('cmi.suspend_data', suspendData());
    return moved || answered;
  };

  function saveProgress() {
    if (noteProgress()) lms.commit();
  }

  function reportScore() {
    if (checkpoints.length === 0) return;
    const right = checkpoints.filter((c) => results.get(c.index) === true).length;
    lms.set('cmi.core.score.min', '0');
    lms.set('cmi.core.score.max', '100');
    lms.set('cmi.core.score.raw', String(Math.round((100 * right) / checkpoints.length)));
    lms.change('cmi.suspend_data', suspendData());
    lms.commit();
  }

  function complete() {
    if (completed) return;
    completed = true;
    lms.set('cmi.core.lesson_status', 'completed');
    lms.set('cmi.core.exit', '');
    noteProgress();
    lms.commit();
    say('Lesson completed.');
  }

  let finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    noteProgress();
    lms.finish(); // commits
  }

  // The page

  const byId = (id) => document.getElementById(id);
  const page = {
    position: byId('sco-position'),
    notice: byId('sco-notice'),
    status: byId('sco-status'),
    source: byId('sco-source'),
    captions: byId('sco-captions'),
    panel: byId('sco-checkpoint'),
    outline: byId('sco-outline'),
    outlineTitle: byId('sco-outline-title'),
    chapters: byId('sco-chapters'),
    sources: byId('sco-sources'),
    writtenFrom: byId('sco-written-from'),
    transcript: byId('sco-transcript'),
    citations: byId('sco-citations'),
  };
  const video = byId('sco-video');

  /** An element with attributes (`className` and `text` set as properties) and children. */
  function el(tag, attributes = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'className') node.className = value;
      else if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  /** 0:05, 12:30 or 1:02:03. */
  function formatClock(seconds) {
    const total = Math.max(0, Math.floor(seconds || 0));
    const h = Math.floor(total / 3600);
    const m = Math.floor(total / 60) % 60;
    return h > 0 ? `${h}:${pad(m, 2)}:${pad(total % 60, 2)}` : `${m}:${pad(total % 60, 2)}`;
  }

  const say = (message) => {
    page.status.textContent = message;
  };

  const duration = () => (isFinite(video.duration) && video.duration > 0 ? video.duration : Math.max(0, Number(lesson.duration) || 0));

  const seekTo = (seconds) => {
    video.currentTime = Math.max(0, Math.min(seconds, duration() || seconds));
  };

  const play = () => {
    const started = video.play();
    if (started) started.catch(() => undefined); // refused (no user gesture yet): the learner presses play
  };

  function setUpPage() {
    const where = [];
    if (isNumber(lesson.number) && isNumber(lesson.count)) where.push(`Lesson ${lesson.number} of ${lesson.count}`);
    if (isText(lesson.course_title) && lesson.course_title) where.push(lesson.course_title);
    if (where.length > 0) page.position.textContent = where.join(' · ');

    // The template names the package's files; the lesson's data has the last word.
    if (isText(lesson.video) && lesson.video && page.source.getAttribute('src') !== lesson.video) {
      page.source.setAttribute('src', lesson.video);
      video.load();
    }
    if (!lesson.subtitles) page.captions.remove();
    else if (page.captions.getAttribute('src') !== lesson.subtitles) page.captions.setAttribute('src', lesson.subtitles);
    // Captions on from the start, whatever the browser's own choice of a default track.
    if (video.textTracks && video.textTracks[0]) video.textTracks[0].mode = 'showing';
  }

  // The chapter list, with each chapter's questions and how they went

  const STATES = {
    open: { label: 'Not answered yet', mark: '?' },
    right: { label: 'Correct', mark: '\u2713' },
    wrong: { label: 'Wrong', mark: '\u2717' },
    skipped: { label: 'Skipped', mark: '\u2192' },
  };
  const chapterButtons = [];
  const markButtons = new Map();
  let shownChapter = -2;

  /** The chapter playing at `time`: the last one started by then (-1 before the first). */
  function activeChapter(time) {
    let active = -1;
    chapters.forEach((chapter, i) => {
      if (chapter.start <= time) active = i;
    });
    return active;
  }

  /** The chapter a question belongs to: the one its scene ends in. */
  const chapterOf = (checkpoint) => Math.max(0, activeChapter(Math.max(checkpoint.rewatchFrom, checkpoint.at - 0.01)));

  function questionMarks(list) {
    if (list.length === 0) return null;
    const items = list.map((checkpoint) => {
      const button = el('button', { type: 'button', className: 'checkpoint-mark' });
      button.addEventListener('click', () => goToQuestion(checkpoint));
      markButtons.set(checkpoint.index, button);
      return el('li', {}, [button]);
    });
    return el('ul', { className: 'checkpoint-marks' }, items);
  }

  function renderOutline() {
    if (chapters.length === 0 && checkpoints.length === 0) return;
    page.outline.hidden = false;
    if (chapters.length === 0) {
      page.outlineTitle.textContent = 'Questions';
      page.chapters.replaceWith(questionMarks(checkpoints));
    }
    chapters.forEach((chapter, i) => {
      const button = el('button', { type: 'button', className: 'chapter' }, [
        el('span', { className: 'chapter__time', text: formatClock(chapter.start) }),
        el('span', { className: 'chapter__title', text: chapter.title }),
      ]);
      button.addEventListener('click', () => {
        dismissQuestion();
        seekTo(chapter.start);
      });
      chapterButtons.push(button);
      page.chapters.append(el('li', {}, [button, questionMarks(checkpoints.filter((c) => chapterOf(c) === i))]));
    });
    updateMarks();
    updateChapter();
  }

  function updateMarks() {
    markButtons.forEach((button, index) => {
      const state = stateOf(index);
      button.className = `checkpoint-mark checkpoint-mark--${state}`;
      button.textContent = '';
      button.append(
        el('span', { className: 'checkpoint-mark__icon', 'aria-hidden': 'true', text: STATES[state].mark }),
        `Question ${index + 1}: `,
        el('span', { className: 'checkpoint-mark__state', text: STATES[state].label }),
      );
    });
  }

  function updateChapter() {
    const active = activeChapter(video.currentTime);
    if (active === shownChapter) return;
    shownChapter = active;
    chapterButtons.forEach((button, i) => {
      if (i === active) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    });
  }

  // Checkpoint questions

  // Asked in this session (answered or skipped): playing past it again does not stop.
  const asked = new Set();
  // Questions reached together, asked one after the other.
  let waiting = [];
  // The question on screen: { checkpoint, answered }.
  let current = null;

  /** Questions whose point lies after `from` and no later than `to`, not asked yet in this session. */
  const crossed = (from, to) => checkpoints.filter((c) => from < c.at && c.at <= to && !asked.has(c.index) && !waiting.includes(c));

  function reached(list) {
    if (list.length === 0) return;
    video.pause();
    waiting = waiting.concat(list);
    if (!current) showQuestion(waiting.shift());
  }

  function goToQuestion(checkpoint) {
    waiting = [];
    video.pause();
    seekTo(checkpoint.at - OPEN_BEFORE_SECONDS);
    showQuestion(checkpoint);
  }

  function record(index, result) {
    asked.add(index);
    results.set(index, result);
    updateMarks();
    reportScore();
  }

  function hidePanel() {
    current = null;
    page.panel.hidden = true;
    page.panel.textContent = '';
  }

  /** Puts the question away: the next one reached with it opens, else the video has the focus and plays on. */
  function closeQuestion() {
    const next = waiting.shift();
    if (next) {
      showQuestion(next);
      return;
    }
    hidePanel();
    video.focus();
    if (!video.ended) play();
  }

  /** The learner went elsewhere in the video: the question goes away unanswered, to be asked when reached again. */
  function dismissQuestion() {
    waiting = [];
    if (current) hidePanel();
  }

  function showQuestion(checkpoint) {
    current = { checkpoint, answered: false };
    const total = Math.max(checkpoints.length, checkpoint.index + 1);
    const field = checkpoint.kind === 'choice' ? choiceField(checkpoint) : numberField(checkpoint);
    const problem = el('p', { className: 'checkpoint__problem', id: 'checkpoint-problem', role: 'alert', hidden: true });
    const result = el('div', { className: 'checkpoint__result', role: 'status' });
    const skip = el('button', { type: 'button', className: 'btn btn--ghost', text: 'Skip question' });
    const checkActions = el('div', { className: 'checkpoint__actions' }, [
      el('button', { type: 'submit', className: 'btn btn--primary', text: 'Check answer' }),
      skip,
    ]);
    const form = el('form', { className: 'checkpoint__form', novalidate: true }, [field.node, problem, checkActions]);
    const proceed = el('button', { type: 'button', className: 'btn btn--primary', text: 'Continue' });
    const scene = checkpoint.heading.replace(/^rewatch\s+/i, '').replace(/^["\u201c]+|["\u201d]+$/g, '').trim();
    const rewatch = el('button', { type: 'button', className: 'btn btn--secondary checkpoint__rewatch' }, [
      el('span', {}, [
        'Rewatch this part',
        el('span', {
          className: 'checkpoint__rewatch-where',
          text: `${scene ? `\u201c${scene}\u201d, from` : 'From'} ${formatClock(checkpoint.rewatchFrom)}`,
        }),
      ]),
    ]);
    const afterActions = el('div', { className: 'checkpoint__actions', hidden: true }, [proceed, rewatch]);

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!current || current.answered) return;
      const answer = field.read();
      problem.hidden = !answer.problem;
      problem.textContent = answer.problem || '';
      field.invalid(Boolean(answer.problem));
      if (answer.problem) {
        field.focus();
        return;
      }
      current.answered = true;
      field.settle(answer.right);
      checkActions.hidden = true;
      const verdict = answer.right ? 'Correct' : `Not quite \u2014 the answer is ${rightAnswerText(checkpoint)}.`;
      result.append(el('p', { className: `checkpoint__verdict checkpoint__verdict--${answer.right ? 'right' : 'wrong'}`, text: verdict }));
      if (checkpoint.explanation) result.append(el('p', { className: 'checkpoint__explanation', text: checkpoint.explanation }));
      afterActions.hidden = false;
      proceed.focus();
      record(checkpoint.index, answer.right);
    });
    skip.addEventListener('click', () => {
      record(checkpoint.index, null);
      closeQuestion();
    });
    proceed.addEventListener('click', closeQuestion);
    rewatch.addEventListener('click', () => {
      // Asked again once playback reaches it after the scene; its answer stands until then.
      asked.delete(checkpoint.index);
      waiting = [];
      seekTo(checkpoint.rewatchFrom);
      closeQuestion();
    });
    // Escape skips the question, or continues once it is answered.
    page.panel.onkeydown = (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      if (current && current.answered) closeQuestion();
      else skip.click();
    };

    page.panel.textContent = '';
    page.panel.append(
      el('div', { className: 'checkpoint__card' }, [
        el('h2', { className: 'checkpoint__eyebrow', id: 'checkpoint-title', text: `Question ${checkpoint.index + 1} of ${total}` }),
        form,
        result,
        afterActions,
      ]),
    );
    page.panel.hidden = false;
    field.focus();
  }

  /** A mark after an option, seen and heard: not told by its colour alone. */
  const flag = (mark, spoken) =>
    el('span', { className: 'checkpoint__flag' }, [el('span', { 'aria-hidden': 'true', text: mark }), el('span', { className: 'visually-hidden', text: spoken })]);

  /** The options as a radio group. */
  function choiceField(checkpoint) {
    const radios = [];
    const labels = checkpoint.options.map((option, i) => {
      const radio = el('input', { type: 'radio', name: 'checkpoint-choice', value: i });
      radios.push(radio);
      return el('label', { className: 'checkpoint__option' }, [radio, el('span', { className: 'checkpoint__option-text', text: option })]);
    });
    const fieldset = el('fieldset', { className: 'checkpoint__fieldset' }, [
      el('legend', { className: 'checkpoint__question', text: checkpoint.question }),
      el('div', { className: 'checkpoint__options' }, labels),
    ]);
    const picked = () => radios.findIndex((radio) => radio.checked);
    return {
      node: fieldset,
      focus: () => radios[Math.max(0, picked())].focus(),
      read: () => (picked() < 0 ? { problem: 'Choose an answer first.' } : { right: picked() === checkpoint.answer }),
      invalid: (on) => {
        if (on) fieldset.setAttribute('aria-describedby', 'checkpoint-problem');
        else fieldset.removeAttribute('aria-describedby');
      },
      /** The options stay readable after the answer, and show which was right and which was picked. */
      settle: (right) => {
        const choice = picked();
        fieldset.disabled = true;
        labels.forEach((label, i) => {
          if (i === checkpoint.answer) {
            label.classList.add('checkpoint__option--right');
            label.append(flag('\u2713', ' (the right answer)'));
          } else if (!right && i === choice) {
            label.classList.add('checkpoint__option--wrong');
            label.append(flag('\u2717', ' (your answer)'));
          }
        });
      },
    };
  }

  /** A text field for a number (3.5, -2, 1/4, 3,5), with the unit after it. */
  function numberField(checkpoint) {
    const described = `${checkpoint.unit ? 'checkpoint-unit ' : ''}checkpoint-hint`;
    const input = el('input', {
      id: 'checkpoint-number',
      className: 'checkpoint__input',
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': described,
    });
    const unit = checkpoint.unit
      ? el('span', { className: 'checkpoint__unit', id: 'checkpoint-unit' }, [el('span', { className: 'visually-hidden', text: 'in ' }), checkpoint.unit])
      : null;
    const node = el('div', { className: 'checkpoint__fieldset' }, [
      el('label', { className: 'checkpoint__question', for: 'checkpoint-number', text: checkpoint.question }),
      el('div', { className: 'checkpoint__number' }, [input, unit]),
      el('p', { className: 'checkpoint__hint', id: 'checkpoint-hint', text: NUMBER_HINT }),
    ]);
    return {
      node,
      focus: () => input.focus(),
      read: () => {
        const typed = input.value.trim();
        const value = parseNumberAnswer(typed);
        if (value !== null) return { right: isRightNumber(checkpoint, value) };
        return { problem: typed ? `\u201c${typed}\u201d is not a number. ${NUMBER_HINT}.` : `Type your answer first. ${NUMBER_HINT}.` };
      },
      invalid: (on) => {
        if (on) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
        input.setAttribute('aria-describedby', on ? `${described} checkpoint-problem` : described);
      },
      settle: () => {
        input.readOnly = true;
      },
    };
  }

  // Playback: questions reached, the furthest point played, saving

  let playing = false;
  let last = 0;
  let lastAt = 0;
  let saveTimer = null;
  // "Resuming where you left off" shows until the learner plays.
  let resumed = false;

  function jumped() {
    last = video.currentTime;
    lastAt = Date.now();
  }

  function playedTo(time) {
    furthest = Math.max(furthest, time);
    if (duration() > 0 && furthest >= COMPLETE_SHARE * duration()) complete();
  }

  function listenToVideo() {
    video.addEventListener('timeupdate', () => {
      updateChapter();
      const now = video.currentTime;
      const elapsed = (Date.now() - lastAt) / 1000;
      const from = last;
      jumped();
      // Only playing forward crosses a question or counts as watched; a seek does not.
      if (!playing || now <= from || now - from > elapsed * video.playbackRate + STEP_SLACK_SECONDS) return;
      playedTo(now);
      const hit = crossed(from, now);
      if (hit.length > 0) {
        playing = false;
        reached(hit);
      }
    });
    video.addEventListener('seeking', jumped);
    video.addEventListener('seeked', jumped);
    video.addEventListener('play', () => {
      if (resumed) say('');
      resumed = false;
      playing = true;
      jumped();
      if (saveTimer === null) saveTimer = setInterval(saveProgress, SAVE_EVERY_MS);
    });
    video.addEventListener('pause', () => {
      // At the end, `pause` comes just before `ended`, which still needs to know it was played to.
      if (!video.ended) playing = false;
      clearInterval(saveTimer);
      saveTimer = null;
      saveProgress();
    });
    video.addEventListener('ended', () => {
      // A question at the very end is reached as the video ends, even between two updates.
      const hit = playing ? crossed(last, Math.max(video.currentTime, duration())) : [];
      playing = false;
      jumped();
      complete();
      reached(hit);
    });
  }

  /** A saved point more than 5 s in and before the end: the video starts there. */
  function resumeAt(location) {
    const seconds = Number(location);
    if (!location || !isFinite(seconds) || seconds <= RESUME_AFTER_SECONDS) return;
    const go = () => {
      if (seconds >= duration() - 1) return;
      seekTo(seconds);
      resumed = true;
      say(`Resuming where you left off, at ${formatClock(seconds)}.`);
    };
    if (video.readyState >= 1) go();
    else video.addEventListener('loadedmetadata', go, { once: true });
  }

  // The transcript and its sources

  /** "Notes on glass, page 3", or the title alone for a document without pages. */
  const citationPlace = (citation) => (citation.page !== null ? `${citation.title}, page ${citation.page}` : citation.title);

  function renderSources() {
    if (!sources) return;
    page.sources.hidden = false;
    if (sources.documents.length > 0) {
      const named = sources.documents.map((d) => (d.pages.length > 0 ? `${d.title} (${d.pages.length === 1 ? 'page' : 'pages'} ${d.pages.join(', ')})` : d.title));
      page.writtenFrom.textContent = `Written from your documents: ${named.join('; ')}.`;
      page.writtenFrom.hidden = false;
    }
    const entries = new Map();
    for (const citation of sources.citations) {
      const place = citationPlace(citation) + (citation.heading ? ` · ${citation.heading}` : '');
      const entry = el('li', { id: `sco-cite-${citation.number}`, className: 'citation', tabindex: '-1' }, [
        el('p', { className: 'citation__place' }, [el('span', { className: 'citation__number', text: `[${citation.number}]` }), ` ${place}`]),
        citation.text
          ? el('blockquote', { className: 'citation__text', text: citation.text })
          : el('p', { className: 'citation__note', text: "The passage's text is not in this package: its document was deleted before the package was made." }),
      ]);
      entries.set(citation.number, { citation, entry });
      page.citations.append(entry);
    }
    for (const sentence of sources.sentences) {
      const time = el('button', { type: 'button', className: 'transcript__time', 'aria-label': `Play from ${formatClock(sentence.start)}`, text: formatClock(sentence.start) });
      time.addEventListener('click', () => {
        dismissQuestion();
        seekTo(sentence.start);
      });
      const marks = sentence.cites.map((number) => {
        const { citation, entry } = entries.get(number);
        const mark = el('a', { href: `#sco-cite-${number}`, className: 'cite-mark', 'aria-label': `Source ${number}: ${citationPlace(citation)}`, text: `[${number}]` });
        // Moves to the passage without touching the address: the LMS's frame keeps its own.
        mark.addEventListener('click', (event) => {
          event.preventDefault();
          entry.scrollIntoView({ block: 'nearest' });
          entry.focus();
        });
        return mark;
      });
      const marked = marks.flatMap((mark) => [' ', mark]);
      page.transcript.append(el('li', { className: 'transcript__line' }, [time, el('span', { className: 'transcript__text' }, [sentence.text, ...marked])]));
    }
  }

  function start() {
    setUpPage();
    renderSources();
    listenToVideo();
    if (!lms.start()) {
      page.notice.textContent = 'Not connected to an LMS: progress is not recorded.';
      page.notice.hidden = false;
      renderOutline();
      return;
    }
    const status = lms.get('cmi.core.lesson_status');
    const location = lms.get('cmi.core.lesson_location');
    readSuspendData(lms.get('cmi.suspend_data'));
    completed = status === 'completed' || status === 'passed';
    if (completed) say('You have completed this lesson.');
    if (status === '' || status === 'not attempted') lms.set('cmi.core.lesson_status', 'incomplete');
    lms.set('cmi.core.exit', completed ? '' : 'suspend');
    lms.commit();
    renderOutline();
    resumeAt(location);
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') saveProgress();
    });
  }

  start();
})();
