<?php
/**
 * Wires the plugin's services to WordPress. No logic lives here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

use MonsterInsights\Reports\Admin\ReportsPage;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\REST\BootController;
use MonsterInsights\Reports\REST\ReportsController;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's service container and hook registry.
 */
final class Plugin {

	public const SLUG        = 'monsterinsights-reports';
	public const TEXT_DOMAIN = 'monsterinsights-reports';

	/**
	 * The single instance.
	 *
	 * @var Plugin|null
	 */
	private static ?Plugin $instance = null;

	/**
	 * Whether boot() already ran.
	 *
	 * @var bool
	 */
	private bool $booted = false;

	/**
	 * The reports admin page.
	 *
	 * @var ReportsPage
	 */
	private ReportsPage $reports_page;

	/**
	 * The report classes.
	 *
	 * @var Registry
	 */
	private Registry $reports;

	/**
	 * The data sources.
	 *
	 * @var Sources
	 */
	private Sources $sources;

	/**
	 * Returns the single instance.
	 */
	public static function instance(): Plugin {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/**
	 * Builds the services.
	 */
	private function __construct() {
		$this->reports_page = new ReportsPage();
		$this->reports      = new Registry();
		$this->sources      = new Sources();
	}

	/**
	 * The data sources.
	 */
	public function sources(): Sources {
		return $this->sources;
	}

	/**
	 * The reports admin page service.
	 */
	public function reports_page(): ReportsPage {
		return $this->reports_page;
	}

	/**
	 * The report registry.
	 */
	public function reports(): Registry {
		return $this->reports;
	}

	/**
	 * Registers every hook once.
	 */
	public function boot(): void {
		if ( $this->booted ) {
			return;
		}
		$this->booted = true;

		add_action( 'init', array( $this, 'load_textdomain' ) );
		add_action( 'admin_init', array( Capabilities::class, 'maybe_grant' ) );
		add_action( 'wp_initialize_site', array( Activation::class, 'on_new_site' ), 20 );
		add_action( 'admin_menu', array( $this->reports_page, 'register' ) );
		add_action( 'network_admin_menu', array( $this->reports_page, 'register_network' ) );
		add_filter( 'monsterinsights_reports_cache_version', array( Settings\Modules::class, 'cache_version' ) );
		add_filter( 'monsterinsights_reports_cache_version', array( Settings\CustomDimensions::class, 'cache_version' ), 10, 2 );
		add_filter( 'monsterinsights_reports_cache_version', array( Settings\Shop::class, 'cache_version' ) );
		add_action( 'admin_enqueue_scripts', array( $this->reports_page, 'enqueue' ) );
		add_action( 'rest_api_init', array( $this, 'register_rest_routes' ) );
		// Google's OAuth sign-in returns to the plugin's admin page.
		add_action( 'load-toplevel_page_' . ReportsPage::SLUG, array( \MonsterInsights\Reports\Sources\Google\OAuth::class, 'on_page_load' ) );
		Licensing\Licence::register();
		Admin\SiteHealth::register();
		\MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Module::register();
		\MonsterInsights\Reports\Notes\Module::register();
		\MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\WooCommerce::register();
		\MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Edd::register();
		// After the shop adapters' attribution (priority 20): the orders' journeys that are final now.
		add_action( 'monsterinsights_reports_aggregated', array( \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys::class, 'on_aggregated' ), 30, 2 );
		wp_cache_add_non_persistent_groups( array( \MonsterInsights\Reports\Sources\Builtin\Answers\ShopEventGroups::CACHE_GROUP ) );
		// The shop events of complete days into their daily rollup (the cart figures read it).
		add_action( 'monsterinsights_reports_aggregated', array( \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\EventRollups::class, 'on_aggregated' ), 40, 0 );
		add_action( 'monsterinsights_reports_aggregated', array( \MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups::class, 'on_aggregated' ), 45, 0 );
		REST\CsvResponse::register();
		REST\EventStreamResponse::register();
		REST\Controller::register();
		Privacy::register();
		Insights\Insights::register();
		Conversations\Chats::register();
		add_action( 'monsterinsights_reports_aggregated', array( BuiltinSource::class, 'bump_data_version' ) );
		// A shop order written or removed changes the eCommerce figures at once.
		add_action( 'monsterinsights_reports_shop_order_changed', array( BuiltinSource::class, 'bump_data_version' ), 10, 0 );

		// Built-in analytics: aggregation and pruning (WP-Cron, reports page load), deactivation.
		( new Scheduler( $this->reports_page ) )->register();
		register_deactivation_hook( MONSTERINSIGHTS_REPORTS_FILE, array( Scheduler::class, 'deactivate' ) );
		register_deactivation_hook( MONSTERINSIGHTS_REPORTS_FILE, array( Insights\Insights::class, 'deactivate' ) );
		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			\WP_CLI::add_command( 'monsterinsights-reports', CLI\Command::class );
			\WP_CLI::add_command( 'monsterinsights-reports ecommerce', CLI\EcommerceCommand::class );
		}
	}

	/**
	 * Loads the plugin's own translations from languages/.
	 */
	public function load_textdomain(): void {
		load_plugin_textdomain( self::TEXT_DOMAIN, false, dirname( plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) ) . '/languages' );
	}

	/**
	 * Registers the REST controllers of the `monsterinsights-reports/v1` namespace.
	 */
	public function register_rest_routes(): void {
		( new BootController() )->register_routes();
		( new ReportsController( $this->reports, $this->sources ) )->register_routes();
		( new REST\ExceptionsController( $this->sources ) )->register_routes();
		( new REST\AiInsightsController( $this->sources ) )->register_routes();
		( new REST\ChatController( $this->sources ) )->register_routes();
		( new REST\JourneyFiltersController( $this->sources ) )->register_routes();
		( new REST\SiteSpeedController( $this->sources ) )->register_routes();
		( new REST\SettingsController() )->register_routes();
		( new REST\MetricsController() )->register_routes();
		( new REST\LicenceController() )->register_routes();
		( new REST\AddonsController() )->register_routes();
		( new REST\NetworkSettingsController() )->register_routes();
		( new REST\NotificationsController() )->register_routes();
		( new REST\FeedbackController() )->register_routes();
		( new REST\NotesController() )->register_routes();
		( new REST\NoteCategoriesController() )->register_routes();
		( new REST\MediaLibraryController() )->register_routes();
		( new REST\SiteHealthController() )->register_routes();
		( new REST\GoogleController() )->register_routes();
		( new REST\PromosController() )->register_routes();
		( new REST\SeoPluginController() )->register_routes();
		( new REST\AiProviderController() )->register_routes();
	}
}
