import type { ReportsNotification } from '../types';

/** The notification of a site with no data source, as GET /notifications lists it. */
export const connect: ReportsNotification = {
	id: 'source-not-connected',
	type: 'warning',
	title: 'Connect a data source',
	content: 'Your reports stay empty until a data source is connected.',
	date: '2026-11-22T10:00:00+00:00',
	actions: [
		{
			label: 'Launch Setup Wizard',
			url: 'http://localhost/wp-admin/admin.php?page=monsterinsights_reports#/setup-wizard',
			primary: true,
		},
	],
	dismissed: false,
};
