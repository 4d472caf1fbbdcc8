import type { Connection } from 'mongoose';
import { userModel } from './user';
import { workoutDayModel } from './workoutDay';
import { workoutStateModel } from './workoutState';
import { workoutSessionModel } from './session';
import { progressEntryModel } from './progressEntry';
import { rateLimitCounterModel } from './rateLimitCounter';
import { processedEventModel } from './processedEvent';
import { pendingCheckoutModel } from './pendingCheckout';
import { releaseModel } from './release';
import { syncOperationModel } from './syncOperation';
import { syncLockModel } from './syncLock';
import { workoutCompletionModel } from './workoutCompletion';
import { goalModel } from './goal';
import { passwordResetTokenModel } from './passwordResetToken';
import { pushSubscriptionModel } from './pushSubscription';
import { scheduledPushModel } from './scheduledPush';

/** Every model, registered on the app's own connection. */
export function createModels(connection: Connection) {
  return {
    User: userModel(connection),
    WorkoutDay: workoutDayModel(connection),
    WorkoutState: workoutStateModel(connection),
    WorkoutSession: workoutSessionModel(connection),
    ProgressEntry: progressEntryModel(connection),
    RateLimitCounter: rateLimitCounterModel(connection),
    ProcessedEvent: processedEventModel(connection),
    PendingCheckout: pendingCheckoutModel(connection),
    Release: releaseModel(connection),
    SyncOperation: syncOperationModel(connection),
    SyncLock: syncLockModel(connection),
    WorkoutCompletion: workoutCompletionModel(connection),
    Goal: goalModel(connection),
    PasswordResetToken: passwordResetTokenModel(connection),
    PushSubscription: pushSubscriptionModel(connection),
    ScheduledPush: scheduledPushModel(connection),
  };
}
export type Models = ReturnType<typeof createModels>;
