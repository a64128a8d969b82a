import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { authPath, paths, type AuthMode } from '@/config/paths';
import { FREE_SIGNUP_CREDITS } from '@/config/constants';
import { GoogleLogo } from '@/features/auth/components/google-logo';
import { useSignIn } from '@/features/auth/hooks/use-sign-in';

type LoginScreenProps = { mode: AuthMode; returnTo: string };

const benefits = [
  'Explainer videos from any topic, at your level',
  'Step-by-step solutions with every step checked',
  'Whole courses, planned and narrated for you',
];

export function LoginScreen({ mode, returnTo }: LoginScreenProps) {
  const { pending, error, showRedirectOption, withPopup, withRedirect } = useSignIn(returnTo);
  const signUp = mode === 'signup';

  return (
    <div className="card auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <Link to={paths.home} className="back-link">
          <Icon name="arrow-left" /> Back to home
        </Link>
        <h1 id="auth-title" className="auth-card__title">
          {signUp ? 'Create your Lectern account' : 'Welcome back'}
        </h1>
        <p className="auth-card__lead">
          {signUp
            ? 'Turn what you want to learn into narrated videos in minutes.'
            : 'Sign in to pick up where you left off.'}
        </p>

        <button type="button" className="btn btn--secondary btn--google btn--lg btn--block" onClick={() => void withPopup()} aria-busy={pending}>
          <GoogleLogo />
          <span>Continue with Google</span>
        </button>
        {pending ? (
          <p className="auth-card__status" role="status">
            <span className="spinner" aria-hidden="true" /> Finish signing in in the Google window…
          </p>
        ) : null}

        {error ? (
          <div className="alert alert--error" role="alert">
            <Icon name="alert" className="alert__icon" />
            <p>{error.message}</p>
          </div>
        ) : null}

        {showRedirectOption ? (
          <button type="button" className="btn btn--secondary btn--block" onClick={withRedirect}>
            <Icon name="refresh" /> Try Alternative Sign-In Method
          </button>
        ) : null}

        <p className="credit-note">
          <Icon name="zap" className="icon--credit credit-note__icon" />
          <span>
            New accounts start with <strong>{FREE_SIGNUP_CREDITS} free credits</strong> to start creating videos. No card
            required.
          </span>
        </p>

        <p className="auth-card__switch">
          {signUp ? (
            <>
              Already have an account? <Link to={authPath('signin')} state={{ from: returnTo }}>Log in</Link>
            </>
          ) : (
            <>
              New to Lectern? <Link to={authPath('signup')} state={{ from: returnTo }}>Create an account</Link>
            </>
          )}
        </p>
        <p className="auth-card__fine-print">
          <Icon name="shield" /> We only receive your name, e-mail address and profile picture from Google.
        </p>
      </section>

      <aside className="auth-aside" aria-label="Why Lectern">
        <div className="auth-aside__inner">
          <p className="eyebrow eyebrow--light">Learn anything, visually</p>
          <p className="auth-aside__quote">“I watched the derivation step by step, and for the first time it actually clicked.”</p>
          <ul className="auth-aside__list">
            {benefits.map((b) => (
              <li key={b}>
                <Icon name="check" /> {b}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
