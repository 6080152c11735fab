import { describe, expect, it } from 'vitest';
import { errorMessage, waitText } from './errors.js';

describe('waitText', () => {
  it('says a wait in the unit a person reads, singular or plural, rounded up', () => {
    expect(
      [0.2, 1, 1.5, 45, 59, 60, 61, 900, 3600, 7140, 7200, 86_400].map((seconds) => waitText(seconds)),
    ).toEqual([
      '1 segundo',
      '1 segundo',
      '2 segundos',
      '45 segundos',
      '59 segundos',
      '1 minuto',
      '2 minutos',
      '15 minutos',
      '60 minutos',
      '119 minutos',
      '2 horas',
      '24 horas',
    ]);
  });

  it('fills the wait of the throttling messages from their seconds', () => {
    expect(errorMessage('RATE_LIMITED', { seconds: 1 })).toBe(
      'Muitas tentativas. Aguarde 1 segundo e tente novamente.',
    );
    expect(errorMessage('LOGIN_THROTTLED', { seconds: 900 })).toMatch(
      /^Muitas tentativas de login nesta conta\. Aguarde 15 minutos e tente novamente, ou entre/,
    );
  });
});
