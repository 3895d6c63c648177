import { isPasswordStrongEnough } from '@lantern/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

type Scorer = (password: string) => 0 | 1 | 2 | 3 | 4;
let scorer: Promise<Scorer> | undefined;
/** Loads the estimator on first need (a password typed), once for the whole app. */
const loadScorer = () => (scorer ??= import('../lib/passwordStrength').then((m) => m.passwordScore));

const BAR = ['bg-danger', 'bg-danger', 'bg-accent', 'bg-success', 'bg-success'] as const;

/**
 * A strength meter under a new-password field. It shows nothing until something is typed, then loads the
 * estimator lazily; the server has the final word (`password: too_weak`).
 */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const [score, setScore] = useState<number | null>(null);
  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let current = true;
    void loadScorer().then((score) => {
      if (current) setScore(score(password));
    });
    return () => {
      current = false;
    };
  }, [password]);
  if (score === null) return null;
  const label = t(`auth.strength_${score}`);
  return (
    <div className="flex items-center gap-2 text-xs" data-testid="password-strength" data-score={score} aria-live="polite">
      <div className="flex flex-1 gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={cn('h-1 flex-1 rounded', i < Math.max(1, score) ? BAR[score] : 'bg-ink-700')} />
        ))}
      </div>
      <span className={isPasswordStrongEnough(score) ? 'text-subtle' : 'text-danger'}>{t('auth.password_strength', { label })}</span>
    </div>
  );
}
