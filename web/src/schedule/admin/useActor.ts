import { useQuery } from '@tanstack/react-query';
import type { BookingActor, ScheduleEventView } from '../../../../shared/bookings';
import { canManageShow, isRole } from '../../../../shared/permissions';
import { scheduleKeys, staffApi } from '../api';

/** The signed-in staff member as the schedule screens need them (role, presenter choices, capabilities). */
export function useActor() {
  return useQuery({ queryKey: scheduleKeys.actor(), queryFn: staffApi.actor, staleTime: 60_000, retry: false });
}

/** Whether the actor may edit or delete this show (the server enforces the same rule). */
export function mayManage(actor: BookingActor | undefined, show: ScheduleEventView): boolean {
  if (!actor || !isRole(actor.user.role)) return false;
  return canManageShow({ id: actor.user.id, role: actor.user.role }, { created_by: show.created_by, presenter_user_id: show.presenter_user_id });
}
