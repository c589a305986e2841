import { Button } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { SafeLink } from '../../components/SafeLink';
import { formatNumber, formatPercent, toLocaleTag } from '../../lib/format';
import { safeUrl } from '../../lib/safeUrl';
import { canUse } from '../../lib/tiers';
import { addonsStore } from '../../store/addons';
import { appStore } from '../../store/app';
import type {
	PopularContent,
	SiteSummaryReport,
} from '../../store/reports/types';
import { upgradeUrl } from '../../upsell/constants';
import { useReport } from '../shared/useReport';

/**
 * Weekday name (0 = Sunday) in the user's locale.
 *
 * @param day    0–6.
 * @param locale WordPress locale.
 */
export function weekdayName( day: number, locale: string ): string {
	// 2023-01-01 was a Sunday.
	const date = new Date( Date.UTC( 2023, 0, 1 + day ) );
	return new Intl.DateTimeFormat( toLocaleTag( locale ), {
		weekday: 'long',
		timeZone: 'UTC',
	} ).format( date );
}

/**
 * An hour of the day (0–23) in the user's locale, e.g. "2 PM" or "14 Uhr".
 *
 * @param hour   0–23.
 * @param locale WordPress locale.
 */
export function hourName( hour: number, locale: string ): string {
	const date = new Date( Date.UTC( 2023, 0, 1, hour ) );
	return new Intl.DateTimeFormat( toLocaleTag( locale ), {
		hour: 'numeric',
		timeZone: 'UTC',
	} ).format( date );
}

/**
 * The "Most Popular Times" lists, top days then top hours: each its label and its rows, a
 * time's name with its share of sessions.
 *
 * @param data   The report.
 * @param locale WordPress locale.
 */
function popularTimes(
	data: SiteSummaryReport,
	locale: string
): Array< [ string, Array< [ string, number ] > ] > {
	return [
		[
			__( 'Top days', 'monsterinsights-reports' ),
			data.popular_days.map( ( row ) => [
				weekdayName( row.day, locale ),
				row.percent,
			] ),
		],
		[
			__( 'Top hours', 'monsterinsights-reports' ),
			data.popular_hours.map( ( row ) => [
				hourName( row.hour, locale ),
				row.percent,
			] ),
		],
	];
}

function isContent(
	value: SiteSummaryReport[ 'popular_page' ]
): value is PopularContent {
	return ! Array.isArray( value ) && typeof value?.url === 'string';
}

function NoData() {
	return (
		<p className="monsterinsights-reports-summary__empty">
			{ __( 'No data to show', 'monsterinsights-reports' ) }
		</p>
	);
}

function Card( {
	title,
	children,
	className = '',
}: {
	title: string;
	children: React.ReactNode;
	className?: string;
} ) {
	return (
		<div
			className={ `monsterinsights-reports-summary__card ${ className }` }
		>
			<h3>{ title }</h3>
			{ children }
		</div>
	);
}

function ContentCard( {
	title,
	content,
	locale,
}: {
	title: string;
	content: PopularContent;
	locale: string;
} ) {
	const img = safeUrl( content.img );
	return (
		<Card title={ title }>
			<div className="monsterinsights-reports-summary__content">
				{ img && <img src={ img } alt="" width={ 64 } height={ 64 } /> }
				<div>
					<SafeLink url={ content.url }>{ content.title }</SafeLink>
					<p>
						{ sprintf(
							/* translators: %s: number of page views. */
							__( '%s page views', 'monsterinsights-reports' ),
							formatNumber( content.pageviews, locale, 0 )
						) }
					</p>
				</div>
			</div>
		</Card>
	);
}

/**
 * The most popular page: basic and up; below, a blurred sample under an upgrade button.
 *
 * @param props         Component props.
 * @param props.page    The payload's popular_page.
 * @param props.locked  Whether the licence lacks it.
 * @param props.upgrade Upgrade URL.
 * @param props.locale  User locale.
 */
function PopularPageCard( {
	page,
	locked,
	upgrade,
	locale,
}: {
	page: SiteSummaryReport[ 'popular_page' ];
	locked: boolean;
	upgrade: string;
	locale: string;
} ) {
	const title = __( 'Most Popular Page', 'monsterinsights-reports' );
	if ( locked ) {
		return (
			<Card
				title={ title }
				className="monsterinsights-reports-summary__card--locked"
			>
				<div
					className="monsterinsights-reports-summary__blurred"
					aria-hidden="true"
				>
					<p>
						{ __( 'Sample page title', 'monsterinsights-reports' ) }
					</p>
					<p>
						{ __( '1,234 page views', 'monsterinsights-reports' ) }
					</p>
				</div>
				<Button variant="primary" href={ upgrade } target="_blank">
					{ __( 'Upgrade to PRO', 'monsterinsights-reports' ) }
				</Button>
			</Card>
		);
	}
	if ( ! isContent( page ) ) {
		return (
			<Card title={ title }>
				<NoData />
			</Card>
		);
	}
	return <ContentCard title={ title } content={ page } locale={ locale } />;
}

/**
 * A ranked share list (categories of the dimensions module, products of the eCommerce module):
 * title and share, or 'No data to show'.
 *
 * @param props        Component props.
 * @param props.rows   The categories.
 * @param props.locale The user's locale.
 */
function CategoryList( {
	rows,
	locale,
}: {
	rows: Array< { title: string; percent: number } >;
	locale: string;
} ) {
	if ( rows.length === 0 ) {
		return <NoData />;
	}
	return (
		<ol className="monsterinsights-reports-summary__categories">
			{ rows.map( ( row ) => (
				<li key={ row.title }>
					<span>{ row.title }</span>{ ' ' }
					<span>{ formatPercent( row.percent, locale ) }</span>
				</li>
			) ) }
		</ol>
	);
}

/**
 * The Site Summary card set (docs/product-rules.md#site-summary): all-time stats, most popular
 * times, categories (needs the dimensions module), the most popular page (basic and up, else a
 * blurred upsell), the most popular post (when there is one), the most popular product (pro with
 * a shop: an active WooCommerce or Easy Digital Downloads and the eCommerce module on; hidden
 * otherwise). Shown once loaded; nothing is shown when it fails to load.
 */
export function SiteSummary() {
	const { data, locale } = useReport( 'site_summary' );
	const { level, dimensions, woocommerce } = useSelect(
		( select ) => ( {
			level: select( appStore ).getLevel(),
			dimensions: select( addonsStore ).isAddonActive( 'dimensions' ),
			// The boot data's shop, while the module stays on (the settings may turn it off).
			woocommerce:
				select( appStore ).getShop() !== null &&
				select( addonsStore ).isAddonActive( 'woocommerce' ),
		} ),
		[]
	);
	if ( ! data ) {
		return null;
	}
	const totals: Array< [ string, number ] > = [
		[
			__( 'Total Pageviews', 'monsterinsights-reports' ),
			data.summary[ '0' ],
		],
		[
			__( 'Total Sessions', 'monsterinsights-reports' ),
			data.summary[ '1' ],
		],
		[ __( 'Posts', 'monsterinsights-reports' ), data.summary.total_posts ],
		[ __( 'Pages', 'monsterinsights-reports' ), data.summary.total_pages ],
		[
			__( 'Comments', 'monsterinsights-reports' ),
			data.summary.total_comments,
		],
	];
	const popularPage = data.popular_page;
	const popularPost = data.popular_post;

	return (
		<section
			className="monsterinsights-reports-summary"
			aria-label={ __( 'Site Summary', 'monsterinsights-reports' ) }
		>
			<h2>{ __( 'Site Summary', 'monsterinsights-reports' ) }</h2>
			<div className="monsterinsights-reports-summary__cards">
				<Card
					title={ __( 'All-Time Stats', 'monsterinsights-reports' ) }
				>
					<dl className="monsterinsights-reports-summary__totals">
						{ totals.map( ( [ label, value ] ) => (
							<div key={ label }>
								<dt>{ label }</dt>
								<dd>{ formatNumber( value, locale, 0 ) }</dd>
							</div>
						) ) }
					</dl>
				</Card>
				<Card
					title={ __(
						'Most Popular Times',
						'monsterinsights-reports'
					) }
				>
					{ data.popular_days.length === 0 ? (
						<NoData />
					) : (
						<div className="monsterinsights-reports-summary__times">
							{ popularTimes( data, locale ).map(
								( [ label, rows ] ) => (
									<ol key={ label } aria-label={ label }>
										{ rows.map( ( [ name, percent ] ) => (
											<li key={ name }>
												<span>{ name }</span>{ ' ' }
												<span>
													{ formatPercent(
														percent,
														locale
													) }
												</span>
											</li>
										) ) }
									</ol>
								)
							) }
						</div>
					) }
				</Card>
				<Card
					title={ __(
						'Most Popular Categories',
						'monsterinsights-reports'
					) }
				>
					{ /* Categories need the dimensions module: its list when on; when off, a way to
					turn it on for licences that include it, else its upsell. */ }
					{ dimensions && (
						<CategoryList
							rows={ data.popular_categories }
							locale={ locale }
						/>
					) }
					{ ! dimensions && canUse( level, 'dimensions' ) && (
						<>
							<p>
								{ __(
									'Turn on the Dimensions module to see which categories your visitors read most.',
									'monsterinsights-reports'
								) }
							</p>
							<Button variant="secondary" href="#/settings">
								{ __(
									'Open Settings',
									'monsterinsights-reports'
								) }
							</Button>
						</>
					) }
					{ ! dimensions && ! canUse( level, 'dimensions' ) && (
						<>
							<p>
								{ __(
									'See which categories your visitors read most with the Dimensions addon.',
									'monsterinsights-reports'
								) }
							</p>
							<Button
								variant="secondary"
								href={ upgradeUrl(
									'site-summary-categories',
									level === 'lite'
								) }
								target="_blank"
							>
								{ __(
									'Upgrade to PRO',
									'monsterinsights-reports'
								) }
							</Button>
						</>
					) }
				</Card>
				<PopularPageCard
					page={ popularPage }
					locked={ ! canUse( level, 'most_popular_page' ) }
					upgrade={ upgradeUrl(
						'site-summary-popular-page',
						level === 'lite'
					) }
					locale={ locale }
				/>
				{ isContent( popularPost ) && (
					<ContentCard
						title={ __(
							'Most Popular Post',
							'monsterinsights-reports'
						) }
						content={ popularPost }
						locale={ locale }
					/>
				) }
				{ /* Pro with a shop only; otherwise nothing. */ }
				{ woocommerce && canUse( level, 'ecommerce' ) && (
					<Card
						title={ __(
							'Most Popular Product',
							'monsterinsights-reports'
						) }
					>
						<CategoryList
							rows={ data.popular_products }
							locale={ locale }
						/>
					</Card>
				) }
			</div>
		</section>
	);
}
