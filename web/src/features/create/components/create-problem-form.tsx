import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { SolutionAnswer } from '@/components/solution/solution-answer';
import { paths } from '@/config/paths';
import { jobStatusQueryOptions } from '@/lib/job-status';
import { CreateFormLayout } from '@/features/create/components/create-form-layout';
import { FormField, FormSelect } from '@/features/create/components/form-fields';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, type OrderFeature } from '@/features/create/components/order-card';
import { PreviewButton } from '@/features/create/components/preview-button';
import { ProblemReadingPanel } from '@/features/create/components/problem-reading';
import { DurationField } from '@/features/create/components/range-field';
import { MAX_SOURCES, SourcesChooser, useSourcesChoice } from '@/features/create/components/sources-chooser';
import { SwitchField } from '@/features/create/components/switch-field';
import { draftKey } from '@/lib/drafts';
import { useCreateForm, useCreateFormValues, type CreateFormProps } from '@/features/create/hooks/use-create-form';
import { useProblemReading } from '@/features/create/hooks/use-problem-reading';
import { useSolutionGeneration } from '@/features/create/hooks/use-solution-generation';
import { useWriter } from '@/features/create/api/get-writer';
import { problemPreview } from '@/features/create/hooks/use-storyboard-preview';
import { problemFormSchema } from '@/features/create/lib/form-schemas';
import {
  DEFAULT_DETAIL_LEVEL,
  DEFAULT_PROBLEM_MINUTES,
  DEFAULT_PROBLEM_TYPE,
  DEFAULT_SUBJECT,
  DETAIL_LEVELS,
  MAX_PROBLEM_LENGTH,
  MAX_PROBLEM_MINUTES,
  MIN_PROBLEM_MINUTES,
  PROBLEM_COST,
  PROBLEM_TYPES,
  SUBJECTS,
} from '@/features/create/lib/solution-request';
import '@/features/create/components/create-lesson.css';

/** Symbols and words alike: the rule reader reads the last three as students write them. */
const examples = [
  '2x + 3 = 11',
  'x^2 - 5x + 6 = 0',
  '2x + 3y = 7; x - y = 1',
  'd/dx((x^2 + 1)(x - 3))',
  '∫ (3x^2 + 2x) dx',
  'log base 2 of (x + 1) = 3',
  'A $60 jacket is 25% off. What is the sale price?',
  'How many ways can 5 books be arranged on a shelf?',
];

const features: OrderFeature[] = [
  { icon: 'check-circle', text: 'Every step checked by computation before it is narrated' },
  { icon: 'sigma', text: 'What each step changes highlighted, the rule named, the answer boxed' },
  { icon: 'captions', text: 'Narration, subtitles, chapters and a transcript' },
];

const problemHelp =
  'Type it as you would write it, in words or symbols: x^2 for powers, 3/4 for fractions, sqrt(2), d/dx(...), ' +
  '∫ ... dx; separate the equations of a system with ";". Lectern shows how it reads it before you pay.';

/** The problem's help once worksheets are chosen: naming one of their exercises is enough. */
const problemHelpFromSources = `${problemHelp} From your worksheet, just the exercise's number will do, e.g. "Exercise 3".`;

const sourcesHelp =
  'Choose a worksheet of yours and name its exercise in the problem box ("Exercise 3"): the solution solves it as ' +
  `the worksheet states it. Up to ${MAX_SOURCES}; none, and the problem is solved as you type it.`;

/** What the order says of the chosen worksheets: an exercise named is solved as they state it. */
function sourcesFeature(count: number): string {
  const worksheets = count === 1 ? 'your worksheet' : `your ${count} worksheets`;
  return `An exercise you name is solved as ${worksheets} ${count === 1 ? 'states' : 'state'} it`;
}

/** The answer of the finished job, read once from its status. */
function FinishedAnswer({ jobId }: { jobId: string }) {
  const status = useQuery(jobStatusQueryOptions(jobId));
  return status.data?.solution ? <SolutionAnswer solution={status.data.solution} /> : null;
}

export function CreateProblemForm({ userId, availableCredits, buyCreditsPath, onQueued, sources }: CreateFormProps) {
  const generation = useSolutionGeneration(userId);
  const draft = userId ? draftKey(userId, 'create-problem') : null;
  const values = useCreateFormValues(problemFormSchema, {
    problem: '',
    subject: DEFAULT_SUBJECT,
    problemType: DEFAULT_PROBLEM_TYPE,
    detailLevel: DEFAULT_DETAIL_LEVEL,
    duration: DEFAULT_PROBLEM_MINUTES,
    showWork: true,
    sources: [],
  }, draft);
  const { control, handleSubmit, setValue, setError, clearErrors, setFocus } = values;

  const form = useCreateForm({ generation, cost: PROBLEM_COST, availableCredits, buyCreditsPath, onQueued, values, prompt: 'problem', draft });

  // How Lectern reads the problem, shown before anything is paid for (issue 51); words that
  // name an exercise of a chosen worksheet are not read, the server takes it from there (issue 50).
  const [problemText, chosen] = useWatch({ control, name: ['problem', 'sources'] });
  const fromSources = chosen.length > 0;
  const reading = useProblemReading(problemText ?? '', MAX_PROBLEM_LENGTH, fromSources);
  const writer = useWriter();
  const confirmRef = useRef<HTMLButtonElement>(null);

  const submit = handleSubmit(async (problem) => {
    // A reading that rewrote the student's words is confirmed (or corrected) before paying.
    if (!form.short && (await reading.checkBeforeSubmit(problem.problem)) === 'confirm') {
      requestAnimationFrame(() => confirmRef.current?.focus());
      return;
    }
    await form.send(() => generation.start({ ...problem, reading: reading.confirmedReading(problem.problem) }));
  });

  const sourcesChoice = useSourcesChoice(sources, generation, chosen);

  // A refusal of the problem's words (an exercise the worksheet does not hold, one too long to
  // be a problem) shows by the problem's box too, until its text changes.
  const problemRefused = generation.refusedField === 'problem_text' ? generation.error : null;
  useEffect(() => {
    if (problemRefused) setError('problem', { type: 'server', message: problemRefused });
  }, [problemRefused, setError]);

  return (
    <CreateFormLayout
      form={form}
      label="Create a problem solution"
      onSubmit={submit}
      status={
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.problem_text.slice(0, 100) || 'Problem Solution'}
          failedTitle="The problem could not be solved"
          previousPage={paths.problemSolver}
          {...form.status}
          completedDetail={generation.jobId ? <FinishedAnswer jobId={generation.jobId} /> : null}
        />
      }
      prompt={{
        label: 'What problem should be solved?',
        math: true,
        rows: 4,
        maxLength: MAX_PROBLEM_LENGTH,
        placeholder: fromSources ? 'e.g. 2x + 3 = 11, or Exercise 3' : 'e.g. 2x + 3 = 11',
        help: fromSources ? problemHelpFromSources : problemHelp,
        examples,
        examplesLabel: 'Example problems',
      }}
      afterPrompt={
        <>
          <ProblemReadingPanel
            view={reading.view}
            asked={reading.asked}
            onConfirm={reading.setConfirmed}
            onCorrect={(text) => {
              setValue('problem', text, { shouldDirty: true });
              clearErrors('problem');
            }}
            onEditText={() => setFocus('problem')}
            writer={writer?.kind ?? (writer === undefined ? undefined : null)}
            confirmRef={confirmRef}
          />
          {/* As on the video form: shown once the learner has documents (or they could not be loaded). */}
          {sources && sourcesChoice.shown ? (
            <FormField
              control={control}
              name="sources"
              as={SourcesChooser}
              offer={sources}
              error={sourcesChoice.refused}
              noun="solution"
              help={sourcesHelp}
            />
          ) : null}
        </>
      }
      order={{
        noun: 'solution',
        features: fromSources ? [...features, { icon: 'book', text: sourcesFeature(chosen.length) }] : features,
        shortMessage: `You're out of credits. A solution needs ${creditWord(PROBLEM_COST)}.`,
        submitLabel: 'Solve step by step',
        secondaryAction: <PreviewButton userId={userId} kind={problemPreview} handleSubmit={handleSubmit} />,
      }}
      options={
        <>
          <div className="field-pair">
            <FormSelect control={control} name="subject" label="Subject" options={SUBJECTS} />
            <FormSelect control={control} name="problemType" label="Problem type" options={PROBLEM_TYPES} />
          </div>

          <FormField control={control} name="detailLevel" as={LevelOptions} legend="Detail" options={DETAIL_LEVELS} />

          <FormField
            control={control}
            name="duration"
            as={DurationField}
            min={MIN_PROBLEM_MINUTES}
            max={MAX_PROBLEM_MINUTES}
            help={`At most ${MAX_PROBLEM_MINUTES} minutes. The video is as long as the solution needs, up to this length.`}
          />

          <FormField
            control={control}
            name="showWork"
            as={SwitchField}
            label="Show the work"
            help="Every step on screen, with the rule it uses. Off: the problem and its answer."
          />
        </>
      }
    />
  );
}
