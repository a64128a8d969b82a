import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { FREE_SIGNUP_CREDITS } from '@/config/constants';
import { authPath, paths } from '@/config/paths';
import { HeroPreview } from '@/features/landing/components/hero-preview';
import { audiences, features, steps, testimonials, type Card } from '@/features/landing/lib/content';

function CardGrid({ cards, variant }: { cards: Card[]; variant: 'feature' | 'audience' | 'step' }) {
  return (
    <ul className={`card-grid card-grid--${variant}`}>
      {cards.map((card, index) => (
        <li key={card.title} className={`card info-card info-card--${variant}`}>
          <span className="icon-tile info-card__icon">
            {variant === 'step' ? <span className="info-card__number">{index + 1}</span> : <Icon name={card.icon} />}
          </span>
          <h3 className="info-card__title">{card.title}</h3>
          <p className="info-card__text">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

type SectionProps = { id: string; eyebrow: string; title: string; tinted?: boolean; children: ReactNode };

/** A band of the page: a small eyebrow, its title (which names the section) and what it shows. */
function Section({ id, eyebrow, title, tinted = false, children }: SectionProps) {
  return (
    <section className={tinted ? 'section section--tinted' : 'section'} aria-labelledby={id}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** `explore` is the public catalogue, shown after the hero when anything is published. */
export function LandingPage({ signedIn, explore }: { signedIn: boolean; explore?: ReactNode }) {
  const getStarted = signedIn ? paths.create : authPath('signup');
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">
              <Icon name="sparkles" /> AI learning videos, on demand
            </p>
            <h1 id="hero-title" className="hero__title">
              Turn any topic into a lesson <span className="text-gradient">you can watch</span>.
            </h1>
            <p className="hero__lead">
              Lectern writes, narrates and animates clear educational videos: explainers, step-by-step problem
              solutions and full multi-lesson courses, in minutes.
            </p>
            <div className="hero__actions">
              <Link to={paths.create} className="btn btn--primary btn--lg">
                Start Learning Now <Icon name="arrow-right" />
              </Link>
              {/* Signed out there is no library of one's own yet: the second way in is the prices (issue 54). */}
              <Link to={signedIn ? paths.library : paths.pricing} className="btn btn--secondary btn--lg">
                {signedIn ? 'Browse Library' : 'See pricing'}
              </Link>
            </div>
            {/* Two claims, each with its mark: a wrapped line never starts or ends with a separator. */}
            <ul className="hero__trust">
              <li>
                <Icon name="check-circle" /> {FREE_SIGNUP_CREDITS} free credits when you sign up
              </li>
              <li>
                <Icon name="check-circle" /> No card required
              </li>
            </ul>
          </div>
          <HeroPreview />
        </div>
      </section>

      {explore}

      <Section id="features-title" eyebrow="What Lectern makes" title="Everything you need to learn it properly">
        <p className="section__lead">Three kinds of content, all with narration, visuals and captions.</p>
        <CardGrid cards={features} variant="feature" />
      </Section>

      <Section id="steps-title" tinted eyebrow="How it works" title="From question to video in three steps">
        <CardGrid cards={steps} variant="step" />
      </Section>

      <Section id="audience-title" eyebrow="Who it is for" title="Built for everyone who learns or teaches">
        <CardGrid cards={audiences} variant="audience" />
      </Section>

      <Section id="testimonials-title" tinted eyebrow="Example use cases" title="What people ask for, and what they get">
        <ul className="testimonials">
          {testimonials.map((t) => (
            <li key={t.situation} className="testimonial">
              <p className="testimonial__author">
                <span className="avatar avatar--sm" aria-hidden="true">
                  <Icon name={t.icon} />
                </span>
                <span>
                  <strong>{t.situation}</strong>
                  <span className="testimonial__role">Example use case</span>
                </span>
              </p>
              <p className="testimonial__request">
                Asks for: <q>{t.request}</q>
              </p>
              <p className="testimonial__quote">{t.result}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="cta" aria-labelledby="cta-title">
        <div className="container">
          <div className="cta__inner">
          <div>
            <h2 id="cta-title" className="cta__title">
              Your first lessons are on us
            </h2>
            <p className="cta__text">
              Sign up with Google and get {FREE_SIGNUP_CREDITS} free credits: enough for ten explainer videos.
            </p>
          </div>
          <Link to={getStarted} className="btn btn--light btn--lg">
            Get Started Free <Icon name="arrow-right" />
          </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
