import { useWatch } from 'react-hook-form';
import { CreateFormLayout } from '@/features/create/components/create-form-layout';
import { FormField } from '@/features/create/components/form-fields';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { PreviewButton } from '@/features/create/components/preview-button';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord } from '@/features/create/components/order-card';
import { WriterNotice } from '@/features/create/components/writer-notice';
import { useWriter } from '@/features/create/api/get-writer';
import { DurationField, minuteWord, RangeField } from '@/features/create/components/range-field';
import { SourcesChooser, useSourcesChoice } from '@/features/create/components/sources-chooser';
import { SwitchField } from '@/features/create/components/switch-field';
import { draftKey } from '@/lib/drafts';
import { useCreateForm, useCreateFormValues, type CreateFormProps } from '@/features/create/hooks/use-create-form';
import { lessonPreview } from '@/features/create/hooks/use-storyboard-preview';
import { useVideoGeneration } from '@/features/create/hooks/use-video-generation';
import { lessonFormSchema } from '@/features/create/lib/form-schemas';
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LEVEL,
  DEFAULT_WPM,
  LEVELS,
  LONG_VIDEO_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_TOPIC_LENGTH,
  MAX_WPM,
  MIN_DURATION_MINUTES,
  MIN_WPM,
  videoCost,
} from '@/features/create/lib/video-request';
import '@/features/create/components/create-lesson.css';

const examples = ['How vaccines train the immune system', 'Eigenvalues and eigenvectors', 'Recursion in Python', 'Supply and demand'];

/** What the order says of the chosen documents: the offline writer writes from the topic alone and cites nothing. */
function sourcesFeature(count: number, offline: boolean): string {
  const documents = count === 1 ? 'your document' : `your ${count} documents`;
  return offline
    ? `Not written from ${documents}: the offline writer uses the topic alone`
    : `Written from ${documents}, each sentence cited`;
}

export function CreateLessonForm({ userId, availableCredits, buyCreditsPath, onQueued, sources }: CreateFormProps) {
  const generation = useVideoGeneration(userId);
  const draft = userId ? draftKey(userId, 'create-lesson') : null;
  const values = useCreateFormValues(lessonFormSchema, {
    topic: '',
    level: DEFAULT_LEVEL,
    duration: DEFAULT_DURATION_MINUTES,
    subtitles: true,
    wpm: DEFAULT_WPM,
    sources: [],
  }, draft);
  const { control, handleSubmit } = values;
  const [duration, subtitles, wpm, chosen] = useWatch({ control, name: ['duration', 'subtitles', 'wpm', 'sources'] });

  const cost = videoCost(duration);
  const writer = useWriter();
  const form = useCreateForm({ generation, cost, availableCredits, buyCreditsPath, onQueued, values, prompt: 'topic', draft });

  const submit = handleSubmit((lesson) =>
    form.send(() => generation.start(lesson, writer ? { writer: writer.kind } : undefined)),
  );
  const sourcesChoice = useSourcesChoice(sources, generation, chosen);

  const shortMessage =
    (availableCredits === 0
      ? `You're out of credits. This video needs ${creditWord(cost)}.`
      : `This video needs ${creditWord(cost)} and you have ${creditWord(availableCredits ?? 0)}.`) +
    (cost > 1 && (availableCredits ?? 0) >= 1
      ? ` A video under ${LONG_VIDEO_MINUTES} minutes costs ${creditWord(videoCost(MIN_DURATION_MINUTES))}.`
      : '');

  return (
    <CreateFormLayout
      form={form}
      label="Create an explainer video"
      onSubmit={submit}
      status={<GenerationStatus generation={generation} fallbackTitle={generation.request?.topic || 'Your video'} {...form.status} />}
      prompt={{
        label: 'What should the video explain?',
        maxLength: MAX_TOPIC_LENGTH,
        placeholder: 'e.g. How photosynthesis turns sunlight into sugar',
        help: 'A concept, a question or a skill. Be as specific as you like.',
        examples,
        examplesLabel: 'Example topics',
      }}
      afterPrompt={
        // Shown once the learner has documents (or they could not be loaded): an empty
        // chooser pushed Generate below a phone's first screen; the Sources page is in the
        // navigation.
        sources && sourcesChoice.shown ? (
          <FormField control={control} name="sources" as={SourcesChooser} offer={sources} error={sourcesChoice.refused} />
        ) : null
      }
      order={{
        noun: 'video',
        features: [
          { icon: 'mic', text: `Narrated slides at ${wpm} words per minute` },
          { icon: 'captions', text: subtitles ? 'Subtitles, chapters and a transcript' : 'Chapters and a transcript' },
          { icon: 'clock', text: `About ${minuteWord(duration)} long, with a thumbnail and chapters` },
          ...(chosen.length > 0 ? [{ icon: 'book' as const, text: sourcesFeature(chosen.length, writer?.kind === 'offline_draft') }] : []),
        ],
        shortMessage,
        submitLabel: writer?.kind === 'offline_draft' ? 'Generate offline draft' : 'Generate video',
        writerNotice: <WriterNotice writer={writer} cost={cost} noun="video" />,
        secondaryAction: <PreviewButton userId={userId} kind={lessonPreview} handleSubmit={handleSubmit} />,
      }}
      options={
        <>
          <FormField control={control} name="level" as={LevelOptions} legend="Level" options={LEVELS} />

          <div className="field-pair">
            <FormField
              control={control}
              name="duration"
              as={DurationField}
              min={MIN_DURATION_MINUTES}
              max={MAX_DURATION_MINUTES}
              help={`${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES} minutes. ${LONG_VIDEO_MINUTES} minutes or more costs ${creditWord(videoCost(LONG_VIDEO_MINUTES))}.`}
            />
            <FormField
              control={control}
              name="wpm"
              as={RangeField}
              label="Speaking pace"
              display={`${wpm} wpm`}
              valueText={`${wpm} words per minute`}
              min={MIN_WPM}
              max={MAX_WPM}
              step={10}
              help={`Words per minute of the narration; ${DEFAULT_WPM} is a relaxed lecture pace.`}
            />
          </div>

          <FormField
            control={control}
            name="subtitles"
            as={SwitchField}
            label="Subtitles"
            help="Adds English subtitles in the modern style, plus a downloadable SRT."
          />
        </>
      }
    />
  );
}
