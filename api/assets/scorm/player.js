/*
 * Lectern's SCORM 1.2 lesson player. It plays one lesson's video (window.LECTERN_LESSON, from
 * lesson.js) in the page of sco.html: captions, chapters that seek, and the checkpoint questions
 * the Lectern web player asks. Through the LMS's SCORM 1.2 API, when one is found, it reports
 * the lesson completed once 90% of it was played (or it ended), the checkpoint score, where to
 * resume and the answers given. Without an LMS it still plays and says that nothing is recorded.
 *
 * Plain ES2017 with no modules and no dependencies: LMSs serve packages from any host, old
 * browsers included, and sometimes from file://. Nothing here may throw at the LMS or the learner.
 */
(function () {
  'use strict';

  /** Playing on past this share of the video completes the lesson. */
  var COMPLETE_SHARE = 0.9;
  /** While the video plays, the resume point is saved this often. */
  var SAVE_EVERY_MS = 15000;
  /** A saved point this early is not worth resuming at. */
  var RESUME_AFTER_SECONDS = 5;
  /** Playback moving further than the wall clock between two updates by more than this (times the speed) is a jump, not play. */
  var STEP_SLACK_SECONDS = 1;
  /** A question opened from the chapter list seeks this far before its point, so playing on does not pass it unseen. */
  var OPEN_BEFORE_SECONDS = 0.1;
  var NUMBER_HINT = 'A number such as 3.5, -2 or 1/4';
  var NO_LMS = 'Not connected to an LMS: progress is not recorded.';

  var lesson = window.LECTERN_LESSON || {};
  var checkpoints = readCheckpoints(lesson.checkpoints);
  var chapters = readChapters(lesson.chapters);

  var page = {
    position: byId('sco-position'),
    notice: byId('sco-notice'),
    status: byId('sco-status'),
    video: byId('sco-video'),
    source: byId('sco-source'),
    captions: byId('sco-captions'),
    panel: byId('sco-checkpoint'),
    outline: byId('sco-outline'),
    outlineTitle: byId('sco-outline-title'),
    chapters: byId('sco-chapters'),
  };
  var video = page.video;

  // What the learner did: right (true), wrong (false) or skipped (null) by question index, and
  // the furthest point played to. Both outlive the session in cmi.suspend_data.
  var results = new Map();
  var furthest = 0;
  var completed = false;

  // The lesson's data, read leniently: a malformed item is left out, never fatal.

  function isNumber(value) {
    return typeof value === 'number' && isFinite(value);
  }

  function isText(value) {
    return typeof value === 'string';
  }

  function readChapters(raw) {
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(function (c) {
        return c && isNumber(c.start);
      })
      .map(function (c, i) {
        return { start: c.start, end: isNumber(c.end) ? c.end : Infinity, title: isText(c.title) && c.title.trim() ? c.title.trim() : 'Chapter ' + (i + 1) };
      })
      .sort(function (a, b) {
        return a.start - b.start;
      });
  }

  /** The questions the player can ask (options and an answer, or a number), in video order. */
  function readCheckpoints(raw) {
    if (!Array.isArray(raw)) return [];
    var list = [];
    raw.forEach(function (item) {
      if (!item || !isNumber(item.index) || !isText(item.question) || !item.question.trim() || !isNumber(item.at)) return;
      var options = Array.isArray(item.options) ? item.options.filter(isText) : [];
      if (item.kind === 'choice') {
        if (options.length < 2 || !isNumber(item.answer) || !options[item.answer]) return;
      } else if (item.kind !== 'number' || !isNumber(item.value)) {
        return;
      }
      list.push({
        index: item.index,
        question: item.question.trim(),
        kind: item.kind,
        options: item.kind === 'choice' ? options : [],
        answer: item.answer,
        value: item.value,
        tolerance: isNumber(item.tolerance) ? Math.abs(item.tolerance) : 0,
        unit: isText(item.unit) && item.unit.trim() ? item.unit.trim() : null,
        explanation: isText(item.explanation) ? item.explanation.trim() : '',
        at: item.at,
        rewatchFrom: isNumber(item.rewatch_from) ? Math.min(item.rewatch_from, item.at) : 0,
        heading: isText(item.heading) ? item.heading.trim() : '',
      });
    });
    return list.sort(function (a, b) {
      return a.at - b.at || a.index - b.index;
    });
  }

  // Answers

  var DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;
  var FRACTION = /^([+-]?\d+)\/(\d+)$/;

  /** "3.5", "-2", "3,5" (a comma decimal) or "1/4" as a number; null when it is none of these. */
  function parseNumberAnswer(text) {
    var compact = text.trim().replace(/\s+/g, '').replace(/[\u2212\u2013]/g, '-');
    var fraction = FRACTION.exec(compact);
    if (fraction) {
      var denominator = Number(fraction[2]);
      return denominator === 0 ? null : Number(fraction[1]) / denominator;
    }
    if (!DECIMAL.test(compact)) return null;
    var value = Number(compact.replace(',', '.'));
    return isFinite(value) ? value : null;
  }

  /** Within the tolerance of the value (with room for float rounding: 0.1 + 0.2 is 0.3). */
  function isRightNumber(checkpoint, typed) {
    var slack = 1e-9 * Math.max(1, Math.abs(checkpoint.value));
    return Math.abs(typed - checkpoint.value) <= checkpoint.tolerance + slack;
  }

  function rightAnswerText(checkpoint) {
    if (checkpoint.kind === 'choice') return checkpoint.options[checkpoint.answer];
    return checkpoint.unit ? checkpoint.value + ' ' + checkpoint.unit : String(checkpoint.value);
  }

  /** How a question went: 'open' (not answered yet), 'right', 'wrong' or 'skipped'. */
  function stateOf(index) {
    if (!results.has(index)) return 'open';
    var result = results.get(index);
    if (result === null) return 'skipped';
    return result ? 'right' : 'wrong';
  }

  // The LMS: the SCORM 1.2 API, found as ADL's algorithm finds it

  function apiOf(win) {
    try {
      var api = win.API;
      return api && typeof api.LMSInitialize === 'function' ? api : null;
    } catch (error) {
      return null; // a window of another origin
    }
  }

  /** `API` in this window or one of its parents (at most 500 levels up). */
  function searchUp(start) {
    var win = start;
    for (var level = 0; win && level <= 500; level += 1) {
      var api = apiOf(win);
      if (api) return api;
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }

  function findApi() {
    var api = searchUp(window);
    if (api) return api;
    try {
      return window.opener ? searchUp(window.opener) : null;
    } catch (error) {
      return null;
    }
  }

  /**
   * The LMS session: every call checks LMSGetLastError and logs a failure, none throws. Before
   * LMSInitialize succeeded (or after LMSFinish) calls do nothing.
   */
  function connect(api) {
    var open = false;
    var startedAt = Date.now();
    // The last value sent (or read) per element: the periodic saves send only changes.
    var known = {};

    function call(name, args) {
      try {
        var result = api[name].apply(api, args);
        var code = String(api.LMSGetLastError());
        if (code !== '0' && code !== '') {
          console.warn('SCORM ' + name + '(' + args.map(function (a) { return JSON.stringify(a); }).join(', ') + ') failed: ' +
            code + ' ' + api.LMSGetErrorString(code) + ' ' + api.LMSGetDiagnostic(code));
        }
        return result === null || result === undefined ? '' : String(result);
      } catch (error) {
        console.warn('SCORM ' + name + ' threw', error);
        return '';
      }
    }

    return {
      start: function () {
        if (api) open = call('LMSInitialize', ['']) === 'true';
        startedAt = Date.now();
        return open;
      },
      get: function (element) {
        if (!open) return '';
        var value = call('LMSGetValue', [element]);
        known[element] = value;
        return value;
      },
      set: function (element, value) {
        if (!open) return;
        known[element] = String(value);
        call('LMSSetValue', [element, String(value)]);
      },
      /** Sends the value only if it differs from the last one sent or read; true if it did. */
      change: function (element, value) {
        if (!open || known[element] === String(value)) return false;
        this.set(element, value);
        return true;
      },
      commit: function () {
        if (open) call('LMSCommit', ['']);
      },
      finish: function () {
        if (!open) return;
        this.set('cmi.core.session_time', cmiTimespan(Date.now() - startedAt));
        this.commit();
        call('LMSFinish', ['']);
        open = false;
      },
    };
  }

  /** A CMITimespan: HHHH:MM:SS.SS. */
  function cmiTimespan(ms) {
    var centis = Math.max(0, Math.round(ms / 10));
    var hours = Math.min(9999, Math.floor(centis / 360000));
    var minutes = Math.floor(centis / 6000) % 60;
    var seconds = (centis % 6000) / 100;
    return pad(hours, 4) + ':' + pad(minutes, 2) + ':' + pad(Math.floor(seconds), 2) + '.' + pad(centis % 100, 2);
  }

  function pad(number, digits) {
    return String(number).padStart(digits, '0');
  }

  var lms = connect(findApi());

  /** Answers and the furthest point, as cmi.suspend_data keeps them (a few dozen characters). */
  function suspendData() {
    var answers = {};
    results.forEach(function (result, index) {
      answers[index] = result;
    });
    return JSON.stringify({ answers: answers, furthest: Math.floor(furthest) });
  }

  function readSuspendData(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return;
    }
    if (!data || typeof data !== 'object') return;
    var answers = data.answers && typeof data.answers === 'object' ? data.answers : {};
    checkpoints.forEach(function (c) {
      var result = answers[c.index];
      if (result === true || result === false || result === null) results.set(c.index, result);
    });
    if (isNumber(data.furthest)) furthest = Math.max(0, data.furthest);
  }

  /** Sends where to resume and the answers if they changed; true if it did. */
  function noteProgress() {
    var moved = lms.change('cmi.core.lesson_location', String(Math.floor(video.currentTime)));
    var answered = lms.change('cmi.suspend_data', suspendData());
    return moved || answered;
  }

  function saveProgress() {
    if (noteProgress()) lms.commit();
  }

  function reportScore() {
    if (checkpoints.length === 0) return;
    var right = checkpoints.filter(function (c) {
      return results.get(c.index) === true;
    }).length;
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

  var finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    noteProgress();
    lms.finish(); // commits
  }

  // The page

  function byId(id) {
    return document.getElementById(id);
  }

  /** An element with attributes (className and text are properties) and children. */
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) {
      var value = attributes[key];
      if (value === null || value === undefined || value === false) return;
      if (key === 'className') node.className = value;
      else if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.append(child);
    });
    return node;
  }

  /** 0:05, 12:30 or 1:02:03. */
  function formatClock(seconds) {
    var total = Math.max(0, Math.floor(seconds || 0));
    var h = Math.floor(total / 3600);
    var m = Math.floor(total / 60) % 60;
    var s = pad(total % 60, 2);
    return h > 0 ? h + ':' + pad(m, 2) + ':' + s : m + ':' + s;
  }

  function say(message) {
    page.status.textContent = message;
  }

  function duration() {
    return isFinite(video.duration) && video.duration > 0 ? video.duration : Math.max(0, Number(lesson.duration) || 0);
  }

  function seekTo(seconds) {
    video.currentTime = Math.max(0, Math.min(seconds, duration() || seconds));
  }

  function play() {
    var started = video.play();
    if (started && typeof started.catch === 'function') started.catch(function () {});
  }

  function setUpMedia() {
    if (isText(lesson.video) && lesson.video && page.source.getAttribute('src') !== lesson.video) {
      page.source.setAttribute('src', lesson.video);
      video.load();
    }
    if (!lesson.subtitles) {
      page.captions.remove();
    } else if (page.captions.getAttribute('src') !== lesson.subtitles) {
      page.captions.setAttribute('src', lesson.subtitles);
    }
    // Captions on from the start, whatever the browser's own choice for a default track.
    if (video.textTracks && video.textTracks[0]) video.textTracks[0].mode = 'showing';
  }

  function setUpHeader() {
    var where = [];
    if (isNumber(lesson.number) && isNumber(lesson.count)) where.push('Lesson ' + lesson.number + ' of ' + lesson.count);
    if (isText(lesson.course_title) && lesson.course_title) where.push(lesson.course_title);
    if (where.length > 0) page.position.textContent = where.join(' · ');
  }

  // The chapter list, with each chapter's questions and how they went

  var STATES = {
    open: { label: 'Not answered yet', mark: '?' },
    right: { label: 'Correct', mark: '\u2713' },
    wrong: { label: 'Wrong', mark: '\u2717' },
    skipped: { label: 'Skipped', mark: '\u2192' },
  };
  var chapterButtons = [];
  var markButtons = new Map();

  /** The chapter a question belongs to: the one its scene ends in (0 before the first). */
  function chapterOf(checkpoint) {
    return Math.max(0, activeChapter(Math.max(checkpoint.rewatchFrom, checkpoint.at - 0.01)));
  }

  /** The chapter playing at `time`: the last one started by then (-1 before the first). */
  function activeChapter(time) {
    var active = -1;
    chapters.forEach(function (chapter, i) {
      if (chapter.start <= time) active = i;
    });
    return active;
  }

  function questionMarks(list) {
    if (list.length === 0) return null;
    return el('ul', { className: 'marks' }, list.map(function (checkpoint) {
      var button = el('button', { type: 'button', className: 'mark' });
      button.addEventListener('click', function () {
        goToQuestion(checkpoint);
      });
      markButtons.set(checkpoint.index, button);
      return el('li', {}, [button]);
    }));
  }

  function renderOutline() {
    if (chapters.length === 0 && checkpoints.length === 0) return;
    page.outline.hidden = false;
    if (chapters.length === 0) {
      page.outlineTitle.textContent = 'Questions';
      page.chapters.replaceWith(questionMarks(checkpoints));
    } else {
      chapters.forEach(function (chapter, i) {
        var button = el('button', { type: 'button', className: 'chapter' }, [
          el('span', { className: 'chapter__time', text: formatClock(chapter.start) }),
          el('span', { className: 'chapter__title', text: chapter.title }),
        ]);
        button.addEventListener('click', function () {
          dismissQuestion();
          seekTo(chapter.start);
        });
        chapterButtons.push(button);
        var own = checkpoints.filter(function (c) {
          return chapterOf(c) === i;
        });
        page.chapters.append(el('li', {}, [button, questionMarks(own)]));
      });
    }
    updateMarks();
    updateChapter();
  }

  function updateMarks() {
    markButtons.forEach(function (button, index) {
      var state = stateOf(index);
      button.className = 'mark mark--' + state;
      button.setAttribute('data-state', state);
      button.textContent = '';
      button.append(
        el('span', { className: 'mark__icon', 'aria-hidden': 'true', text: STATES[state].mark }),
        'Question ' + (index + 1) + ': ',
        el('span', { className: 'mark__state', text: STATES[state].label }),
      );
    });
  }

  var shownChapter = -2;
  function updateChapter() {
    var active = activeChapter(video.currentTime);
    if (active === shownChapter) return;
    shownChapter = active;
    chapterButtons.forEach(function (button, i) {
      if (i === active) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    });
  }

  // Checkpoint questions

  // Asked in this session (answered or skipped): playing past it again does not stop.
  var asked = new Set();
  // Questions reached together, asked one after the other.
  var waiting = [];
  // The question on screen: { checkpoint, answered }.
  var current = null;

  /** Questions whose point lies after `from` and no later than `to`, not asked yet in this session. */
  function crossed(from, to) {
    return checkpoints.filter(function (c) {
      return from < c.at && c.at <= to && !asked.has(c.index) && waiting.indexOf(c) < 0;
    });
  }

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

  /** Puts the question away: the next one reached with it opens, else the video has the focus (and plays on). */
  function closeQuestion(playOn) {
    var next = waiting.shift();
    if (next) {
      showQuestion(next);
      return;
    }
    current = null;
    page.panel.hidden = true;
    page.panel.textContent = '';
    video.focus();
    if (playOn && !video.ended) play();
  }

  /** The learner went elsewhere in the video: the question goes away unanswered, to be asked when reached again. */
  function dismissQuestion() {
    waiting = [];
    if (!current) return;
    current = null;
    page.panel.hidden = true;
    page.panel.textContent = '';
  }

  function showQuestion(checkpoint) {
    current = { checkpoint: checkpoint, answered: false };
    var panel = page.panel;
    panel.textContent = '';

    var total = Math.max(checkpoints.length, checkpoint.index + 1);
    var problem = el('p', { className: 'checkpoint__problem', id: 'checkpoint-problem', role: 'alert', hidden: true });
    var result = el('div', { className: 'checkpoint__result', role: 'status' });
    var field = checkpoint.kind === 'choice' ? choiceField(checkpoint) : numberField(checkpoint);
    var check = el('button', { type: 'submit', className: 'btn btn--primary', text: 'Check answer' });
    var skip = el('button', { type: 'button', className: 'btn btn--ghost', text: 'Skip question' });
    var form = el('form', { className: 'checkpoint__form', novalidate: true }, [
      field.node,
      problem,
      el('div', { className: 'checkpoint__actions' }, [check, skip]),
    ]);
    var proceed = el('button', { type: 'button', className: 'btn btn--primary', text: 'Continue' });
    var scene = checkpoint.heading.replace(/^rewatch\s+/i, '').replace(/^["\u201c]+|["\u201d]+$/g, '').trim();
    var rewatch = el('button', { type: 'button', className: 'btn btn--secondary checkpoint__rewatch' }, [
      'Rewatch this part',
      el('span', {
        className: 'checkpoint__rewatch-where',
        text: (scene ? '\u201c' + scene + '\u201d, from ' : 'From ') + formatClock(checkpoint.rewatchFrom),
      }),
    ]);
    var after = el('div', { className: 'checkpoint__actions', hidden: true }, [proceed, rewatch]);

    panel.append(
      el('div', { className: 'checkpoint__card' }, [
        el('h2', { className: 'checkpoint__title', id: 'checkpoint-title', text: 'Question ' + (checkpoint.index + 1) + ' of ' + total }),
        form,
        result,
        after,
      ]),
    );

    function showProblem(message) {
      problem.textContent = message;
      problem.hidden = false;
      field.invalid(true);
      field.focus();
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (current === null || current.answered) return;
      var answer = field.read();
      if (answer.problem) {
        showProblem(answer.problem);
        return;
      }
      problem.hidden = true;
      field.invalid(false);
      current.answered = true;
      field.settle(answer.right);
      form.querySelector('.checkpoint__actions').hidden = true;
      result.append(
        el('p', {
          className: 'checkpoint__verdict checkpoint__verdict--' + (answer.right ? 'right' : 'wrong'),
          text: answer.right ? 'Correct' : 'Not quite \u2014 the answer is ' + rightAnswerText(checkpoint) + '.',
        }),
      );
      if (checkpoint.explanation) result.append(el('p', { className: 'checkpoint__explanation', text: checkpoint.explanation }));
      after.hidden = false;
      proceed.focus();
      record(checkpoint.index, answer.right);
    });
    skip.addEventListener('click', function () {
      record(checkpoint.index, null);
      closeQuestion(true);
    });
    proceed.addEventListener('click', function () {
      closeQuestion(true);
    });
    rewatch.addEventListener('click', function () {
      // Asked again once playback reaches it after the scene; its answer stands until then.
      asked.delete(checkpoint.index);
      waiting = [];
      seekTo(checkpoint.rewatchFrom);
      closeQuestion(true);
    });
    panel.onkeydown = function (event) {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      if (current && current.answered) closeQuestion(true);
      else skip.click();
    };

    panel.hidden = false;
    field.focus();
  }

  /** The options as a radio group. */
  function choiceField(checkpoint) {
    var radios = [];
    var labels = checkpoint.options.map(function (option, i) {
      var radio = el('input', { type: 'radio', name: 'checkpoint-choice', value: i });
      radios.push(radio);
      return el('label', { className: 'checkpoint__option' }, [radio, el('span', { className: 'checkpoint__option-text', text: option })]);
    });
    var fieldset = el('fieldset', { className: 'checkpoint__fieldset' }, [
      el('legend', { className: 'checkpoint__question', text: checkpoint.question }),
      el('div', { className: 'checkpoint__options' }, labels),
    ]);
    function picked() {
      for (var i = 0; i < radios.length; i += 1) if (radios[i].checked) return i;
      return -1;
    }
    return {
      node: fieldset,
      focus: function () {
        var choice = picked();
        radios[choice < 0 ? 0 : choice].focus();
      },
      read: function () {
        var choice = picked();
        return choice < 0 ? { problem: 'Choose an answer first.' } : { right: choice === checkpoint.answer };
      },
      invalid: function (on) {
        if (on) fieldset.setAttribute('aria-describedby', 'checkpoint-problem');
        else fieldset.removeAttribute('aria-describedby');
      },
      /** After the answer the options stay readable; they show which was right and which was picked. */
      settle: function (right) {
        var choice = picked();
        fieldset.disabled = true;
        labels.forEach(function (label, i) {
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

  /** A mark after an option, seen and heard: not by its colour alone. */
  function flag(mark, spoken) {
    return el('span', { className: 'checkpoint__flag' }, [
      el('span', { 'aria-hidden': 'true', text: mark }),
      el('span', { className: 'visually-hidden', text: spoken }),
    ]);
  }

  /** A text field for a number (3.5, -2, 1/4, 3,5), with the unit after it. */
  function numberField(checkpoint) {
    var described = (checkpoint.unit ? 'checkpoint-unit ' : '') + 'checkpoint-hint';
    var input = el('input', {
      id: 'checkpoint-number',
      className: 'checkpoint__input',
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': described,
    });
    var node = el('div', { className: 'checkpoint__fieldset' }, [
      el('label', { className: 'checkpoint__question', for: 'checkpoint-number', text: checkpoint.question }),
      el('div', { className: 'checkpoint__number' }, [
        input,
        checkpoint.unit
          ? el('span', { className: 'checkpoint__unit', id: 'checkpoint-unit' }, [el('span', { className: 'visually-hidden', text: 'in ' }), checkpoint.unit])
          : null,
      ]),
      el('p', { className: 'checkpoint__hint', id: 'checkpoint-hint', text: NUMBER_HINT }),
    ]);
    return {
      node: node,
      focus: function () {
        input.focus();
      },
      read: function () {
        var typed = input.value.trim();
        var value = parseNumberAnswer(typed);
        if (value === null) {
          return { problem: typed ? '\u201c' + typed + '\u201d is not a number. ' + NUMBER_HINT + '.' : 'Type your answer first. ' + NUMBER_HINT + '.' };
        }
        return { right: isRightNumber(checkpoint, value) };
      },
      invalid: function (on) {
        if (on) {
          input.setAttribute('aria-invalid', 'true');
          input.setAttribute('aria-describedby', described + ' checkpoint-problem');
        } else {
          input.removeAttribute('aria-invalid');
          input.setAttribute('aria-describedby', described);
        }
      },
      settle: function () {
        input.readOnly = true;
      },
    };
  }

  // Playback: questions reached, the furthest point, saving

  var playing = false;
  var last = 0;
  var lastAt = 0;
  var saveTimer = null;
  // "Resuming where you left off" shows until the learner plays.
  var resumed = false;

  function jumped() {
    last = video.currentTime;
    lastAt = Date.now();
  }

  function playedTo(time) {
    if (time > furthest) furthest = time;
    if (duration() > 0 && furthest >= COMPLETE_SHARE * duration()) complete();
  }

  video.addEventListener('timeupdate', function () {
    updateChapter();
    var now = video.currentTime;
    var elapsed = (Date.now() - lastAt) / 1000;
    var step = now - last;
    var from = last;
    jumped();
    // Only playing forward crosses a question or counts as watched; a seek does not.
    if (!playing || step <= 0 || step > elapsed * video.playbackRate + STEP_SLACK_SECONDS) return;
    playedTo(now);
    var hit = crossed(from, now);
    if (hit.length > 0) {
      playing = false;
      reached(hit);
    }
  });
  video.addEventListener('seeking', jumped);
  video.addEventListener('seeked', jumped);
  video.addEventListener('play', function () {
    if (resumed) say('');
    resumed = false;
    playing = true;
    jumped();
    if (saveTimer === null) saveTimer = setInterval(saveProgress, SAVE_EVERY_MS);
  });
  video.addEventListener('pause', function () {
    playing = false;
    clearInterval(saveTimer);
    saveTimer = null;
    saveProgress();
  });
  video.addEventListener('ended', function () {
    // A question at the very end is reached when the video ends, even between two updates.
    var hit = playing ? crossed(last, Math.max(video.currentTime, duration())) : [];
    playing = false;
    jumped();
    complete();
    reached(hit);
  });

  /** A saved point more than 5 s in and before the end: the video starts there. */
  function resumeAt(location) {
    var seconds = Number(location);
    if (!location || !isFinite(seconds) || seconds <= RESUME_AFTER_SECONDS) return;
    var go = function () {
      if (seconds >= duration() - 1) return;
      seekTo(seconds);
      resumed = true;
      say('Resuming where you left off, at ' + formatClock(seconds) + '.');
    };
    if (video.readyState >= 1) go();
    else video.addEventListener('loadedmetadata', go, { once: true });
  }

  function start() {
    setUpHeader();
    setUpMedia();
    if (!lms.start()) {
      page.notice.textContent = NO_LMS;
      page.notice.hidden = false;
      renderOutline();
      return;
    }
    var status = lms.get('cmi.core.lesson_status');
    var location = lms.get('cmi.core.lesson_location');
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
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') saveProgress();
    });
  }

  start();
})();
