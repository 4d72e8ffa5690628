import { describe, expect, test } from 'vitest';
import { DEFAULT_AVATAR_ID, DJ_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SIGNUP_AVATAR_IDS } from './constants';
import {
  djName,
  email,
  firstError,
  messages,
  password,
  passwordWithConfirmation,
  signupAvatarId,
  wholeNumber,
} from './validation';

describe('messages', () => {
  test('carry the spec §5 wording word for word', () => {
    expect(messages.emailInvalid).toBe('Please enter a valid email address');
    expect(messages.passwordTooShort).toBe('Your password must be at least 6 characters long');
    expect(messages.passwordsMustMatch).toBe('Your passwords must match');
    expect(messages.nameBlank).toBe("Your DJ name can't be blank");
    expect(messages.nameTooLong).toBe('Your DJ name is too long! Keep it under 20 characters');
    expect(messages.nameSpecialCharacters).toBe("Your DJ name can't have special characters");
  });

  test('say the limits the rules enforce', () => {
    expect(messages.passwordTooShort).toContain(String(PASSWORD_MIN));
    expect(messages.passwordTooLong).toContain(String(PASSWORD_MAX));
    expect(messages.nameTooLong).toContain(String(DJ_NAME_MAX));
  });
});

describe('djName', () => {
  test.each([
    'DJ Ada',
    'a',
    'Funky Otter 2000',
    "Rock'n'Roll!",
    'Bass & Treble',
    'MC (the) Host',
    'dj_mix-master.99',
    'What? Yes: [ok] {x}',
    '*+,;@#$%^~=|',
    'Zoë',
    'Мария',
    '山田太郎',
    'مرحبا',
    'Ñandú',
    'Cafe\u0301', // e + combining acute accent
  ])('accepts %j', (name) => {
    expect(firstError(djName, name)).toBeNull();
  });

  test('trims surrounding spaces before checking and gives the trimmed name', () => {
    expect(djName.parse('  DJ Ada  ')).toBe('DJ Ada');
  });

  test.each(['', ' ', '     ', '\t', '\n '])("rejects a blank name %j: 'can't be blank'", (name) => {
    expect(firstError(djName, name)).toBe("Your DJ name can't be blank");
  });

  test('accepts exactly 20 characters and rejects 21', () => {
    expect(firstError(djName, 'a'.repeat(20))).toBeNull();
    expect(firstError(djName, 'a'.repeat(21))).toBe('Your DJ name is too long! Keep it under 20 characters');
  });

  test('counts the length after trimming', () => {
    expect(firstError(djName, `   ${'b'.repeat(20)}   `)).toBeNull();
  });

  test('counts characters, not UTF-16 code units', () => {
    // U+1D49C MATHEMATICAL SCRIPT CAPITAL A is a letter outside the BMP: two code units each.
    const astral = '𝒜'.repeat(20);
    expect(astral.length).toBe(40);
    expect(firstError(djName, astral)).toBeNull();
    expect(firstError(djName, '𝒜'.repeat(21))).toBe('Your DJ name is too long! Keep it under 20 characters');
  });

  test('reports the length before the characters when a name breaks both rules', () => {
    expect(firstError(djName, '<'.repeat(25))).toBe('Your DJ name is too long! Keep it under 20 characters');
  });

  test.each([
    '<script>',
    'a>b',
    'say "hi"',
    'back`tick',
    'back\\slash',
    'slash/dj',
    'tab\there',
    'line\nbreak',
    'nul\u0000byte',
    'emoji 🎵',
    'nbsp\u00a0name',
    'zero\u200bwidth',
  ])("rejects %j: 'can't have special characters'", (name) => {
    expect(firstError(djName, name)).toBe("Your DJ name can't have special characters");
  });

  test.each(['DJ  Ada', 'a  b  c', 'two   spaces'])('rejects adjacent spaces in %j', (name) => {
    expect(firstError(djName, name)).toBe("Your DJ name can't have two spaces in a row");
  });

  test('rejects what is not a string', () => {
    expect(djName.safeParse(42).success).toBe(false);
    expect(djName.safeParse(null).success).toBe(false);
    expect(djName.safeParse(undefined).success).toBe(false);
  });
});

describe('email', () => {
  test.each(['ada@example.com', 'Ada.Lovelace+tag@Sub.Example.org', 'x_y-z@example.co.uk', '1@2.io'])(
    'accepts %j',
    (value) => {
      expect(firstError(email, value)).toBeNull();
    },
  );

  test('trims surrounding spaces', () => {
    expect(email.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  test.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada example@example.com',
    'ada@@example.com',
    'ada@exa mple.com',
  ])("rejects %j: 'Please enter a valid email address'", (value) => {
    expect(firstError(email, value)).toBe('Please enter a valid email address');
  });

  test('rejects an address longer than 254 characters with the same message', () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(firstError(email, long)).toBe('Please enter a valid email address');
  });
});

describe('password', () => {
  test('needs at least 6 characters', () => {
    expect(firstError(password, '')).toBe('Your password must be at least 6 characters long');
    expect(firstError(password, '12345')).toBe('Your password must be at least 6 characters long');
    expect(firstError(password, '123456')).toBeNull();
  });

  test('keeps spaces: a password of six spaces is six characters', () => {
    expect(password.parse('      ')).toBe('      ');
  });

  test('is bounded so that hashing stays cheap', () => {
    expect(firstError(password, 'p'.repeat(PASSWORD_MAX))).toBeNull();
    expect(firstError(password, 'p'.repeat(PASSWORD_MAX + 1))).toBe(messages.passwordTooLong);
  });
});

describe('passwordWithConfirmation', () => {
  test('passes when both match', () => {
    expect(firstError(passwordWithConfirmation, { password: 'secret1', confirm: 'secret1' })).toBeNull();
  });

  test("says 'Your passwords must match' on the confirmation field", () => {
    const result = passwordWithConfirmation.safeParse({ password: 'secret1', confirm: 'secret2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Your passwords must match');
    expect(result.error?.issues[0]?.path).toEqual(['confirm']);
  });

  test('reports a short password before a mismatch', () => {
    expect(firstError(passwordWithConfirmation, { password: '123', confirm: '1234' })).toBe(
      'Your password must be at least 6 characters long',
    );
  });
});

describe('signupAvatarId', () => {
  test('the six signup avatars include the default', () => {
    expect(SIGNUP_AVATAR_IDS).toHaveLength(6);
    expect(SIGNUP_AVATAR_IDS).toContain(DEFAULT_AVATAR_ID);
  });

  test.each([...SIGNUP_AVATAR_IDS])('accepts avatar %i, as a number or as a string', (id) => {
    expect(signupAvatarId.parse(id)).toBe(id);
    expect(signupAvatarId.parse(String(id))).toBe(id);
  });

  test.each([0, 2, 3, 9, 3000, -8, 8.5])('refuses avatar %d', (id) => {
    expect(signupAvatarId.safeParse(id).success).toBe(false);
  });

  test('names the rule for an avatar that is not offered', () => {
    expect(firstError(signupAvatarId, 2)).toBe(messages.avatarNotOffered);
  });

  test('refuses what is not a number', () => {
    expect(signupAvatarId.safeParse('abc').success).toBe(false);
  });
});

describe('wholeNumber', () => {
  test('reads a number, or digits as a query string or a form field sends them', () => {
    expect(wholeNumber.parse(3)).toBe(3);
    expect(wholeNumber.parse(' 42 ')).toBe(42);
    expect(wholeNumber.parse('-5')).toBe(-5);
    expect(wholeNumber.parse('999999999999999')).toBe(999_999_999_999_999);
  });

  test('leading zeros do not count against the 15 digits', () => {
    expect(wholeNumber.parse('007')).toBe(7);
    expect(wholeNumber.parse(`${'0'.repeat(40)}3`)).toBe(3);
  });

  test('refuses what is not a whole number of at most 15 digits', () => {
    for (const value of ['1.5', '1e3', 'abc', '', '1234567890123456', '0x10', 1.5])
      expect(wholeNumber.safeParse(value).success, String(value)).toBe(false);
  });
});

describe('firstError', () => {
  test('gives null for a valid value and the first message otherwise', () => {
    expect(firstError(djName, 'Ada')).toBeNull();
    expect(firstError(djName, '')).toBe("Your DJ name can't be blank");
  });
});
