/** Event types of the applications (spec/000 §3 Event `type`): `application_install`, … */
export const APPLICATION_EVENT_PREFIX = 'application_';
/** The description value naming the application's id ("Install {application}" shows its name). */
export const APPLICATION_ID_VALUE = 'application_id';
