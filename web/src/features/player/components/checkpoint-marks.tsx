import { Icon, type IconName } from '@/components/ui/icon';
import {
  checkpointState,
  type Checkpoint,
  type CheckpointResults,
  type CheckpointState,
} from '@/features/player/lib/checkpoints';
import '@/features/player/components/checkpoint.css';

type CheckpointMarksProps = {
  checkpoints: readonly Checkpoint[];
  results: CheckpointResults;
  onOpen: (checkpoint: Checkpoint) => void;
};

const states: Record<CheckpointState, { label: string; icon: IconName }> = {
  open: { label: 'Not answered yet', icon: 'help' },
  right: { label: 'Correct', icon: 'check-circle' },
  wrong: { label: 'Wrong', icon: 'x' },
  skipped: { label: 'Skipped', icon: 'arrow-right' },
};

/** The questions of a chapter, each with how it went; choosing one goes there and asks it. */
export function CheckpointMarks({ checkpoints, results, onOpen }: CheckpointMarksProps) {
  if (checkpoints.length === 0) return null;
  return (
    <ul className="checkpoint-marks">
      {checkpoints.map((checkpoint) => {
        const state = checkpointState(results, checkpoint.index);
        const { label, icon } = states[state];
        return (
          <li key={checkpoint.index}>
            <button
              type="button"
              className={`checkpoint-mark checkpoint-mark--${state}`}
              data-state={state}
              onClick={() => onOpen(checkpoint)}
            >
              <Icon name={icon} />
              <span className="checkpoint-mark__name">Question {checkpoint.index + 1}</span>
              <span className="checkpoint-mark__state">
                <span className="visually-hidden">: </span>
                {label}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
