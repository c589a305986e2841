/**
 * SAMPLE DATA — Conversations AI (docs/product-rules.md#conversations-ai): chats and their messages. Never
 * real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload = {
	id: 'sample-chat',
	chat: [
		{
			id: 'm1',
			role: 'user',
			content: 'How many visits did I get last week?',
			rating: null,
			feedback: '',
			skipped_feedback: false,
			meta: {},
		},
		{
			id: 'm2',
			role: 'assistant',
			content:
				'Your site had 2,914 sessions last week, 9% more than the week before. Organic search brought the most visits.',
			rating: null,
			feedback: '',
			skipped_feedback: false,
			meta: {
				chart: {
					type: 'pie',
					seriesName: 'Sessions',
					data: [
						{ value: 1310, label: 'Organic Search' },
						{ value: 820, label: 'Direct' },
						{ value: 784, label: 'Referral' },
					],
				},
			},
		},
	],
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Conversation', 'monsterinsights-reports' ),
				columns: [
					__( 'From', 'monsterinsights-reports' ),
					__( 'Message', 'monsterinsights-reports' ),
				],
				rows: payload.chat.map( ( m ) => [
					m.role === 'user'
						? __( 'You', 'monsterinsights-reports' )
						: __( 'AI', 'monsterinsights-reports' ),
					m.content,
				] ),
			},
		],
	};
}
