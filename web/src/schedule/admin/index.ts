/**
 * The schedule's staff screens, for the admin layout to route:
 * /admin/shows → ShowManagement, /admin/shows/new → CreateBooking,
 * /admin/shows/:id/edit → EditShow, /admin/schedule → ScheduleOverview;
 * OutstandingBookings is the Logs page's card.
 */
export { CreateBooking } from './CreateBooking';
export { EditShow, EditShowDialog } from './EditShow';
export { OutstandingBookings } from './OutstandingBookings';
export { ScheduleOverview } from './ScheduleOverview';
export { ShowManagement } from './ShowManagement';
export { useToast } from '../../ui/toast';
