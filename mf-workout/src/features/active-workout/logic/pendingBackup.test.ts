import { blankSets, chestDay, completed, exercise } from '../testing/fixtures';
import { BACKUP_MAX_AGE_MS, backupKey, clearBackup, readBackup, writeBackup } from './pendingBackup';

const now = Date.UTC(2026, 10, 22, 9, 30);
const fromApi = chestDay().exercises;
const [w1, w2, work] = blankSets(101);
const unsaved = [
  exercise(101, 'Incline Press', [completed(w1, 95, 10, '2026-11-22T09:20:00.000Z'), w2, work]),
  fromApi[1],
];

describe('unsaved workout copy', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per session, or per day without one', () => {
    expect(backupKey(1, 'abc')).not.toBe(backupKey(1, null));
    expect(backupKey(1, null)).not.toBe(backupKey(2, null));
  });

  it('gives back the unsaved state of the same workout', () => {
    writeBackup(localStorage, 'k', unsaved, now - 60_000);
    expect(readBackup(localStorage, 'k', fromApi, now)).toEqual(unsaved);
  });

  it('is ignored when it says nothing new, is too old, or belongs to other exercises', () => {
    writeBackup(localStorage, 'k', fromApi, now);
    expect(readBackup(localStorage, 'k', fromApi, now)).toBeNull();

    writeBackup(localStorage, 'k', unsaved, now - BACKUP_MAX_AGE_MS - 1);
    expect(readBackup(localStorage, 'k', fromApi, now)).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();

    writeBackup(localStorage, 'k', unsaved, now);
    expect(readBackup(localStorage, 'k', [exercise(201, 'Side Raises')], now)).toBeNull();
  });

  it('is ignored when it is not a valid workout', () => {
    localStorage.setItem('k', '{"storedAt": 1, "exercises": [{"id": "x"}]}');
    expect(readBackup(localStorage, 'k', fromApi, now)).toBeNull();
    localStorage.setItem('k', 'not json');
    expect(readBackup(localStorage, 'k', fromApi, now)).toBeNull();
  });

  it('is removed once saved', () => {
    writeBackup(localStorage, 'k', unsaved, now);
    clearBackup(localStorage, 'k');
    expect(readBackup(localStorage, 'k', fromApi, now)).toBeNull();
  });
});
