import { describe, expect, it } from 'vitest';
import type { AgentScope } from './agentScope.js';
import { recordPart } from './agentRecord.js';

function scope(): AgentScope {
  const A = {} as AgentScope;
  recordPart(A);
  return A;
}

describe('secret-looking field text', () => {
  const A = scope();
  it('finds secret words in identifiers and labels, split on punctuation and camelCase', () => {
    for (const text of [
      'password',
      'user_password',
      'newPassword',
      'Your PIN',
      'api-token',
      'otp',
      '2FA code',
      'CVV',
      'Verification code',
      'One-time password',
      '验证码',
      'パスワード',
      '비밀번호',
      'Mot de passe',
      'Contraseña',
    ]) {
      expect(A.secretText(text), text).toBe(true);
    }
  });
  it('leaves ordinary fields alone, and words that only contain a secret word', () => {
    for (const text of [
      'Title',
      'Full name',
      'Spinner',
      'Pinterest handle',
      'Tokens used',
      'Shopping',
    ]) {
      expect(A.secretText(text), text).toBe(false);
    }
  });
});
