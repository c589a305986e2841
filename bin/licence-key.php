<?php
/**
 * The vendor's licence key tool. Runs with the PHP CLI, never inside WordPress.
 *
 * Commands:
 *   php bin/licence-key.php keygen --out FILE [--key-id ID]
 *   php bin/licence-key.php mint --secret FILE --level LEVEL [--network] [--expires YYYY-MM-DD|never]
 *                                [--issued-to NAME]
 *   php bin/licence-key.php inspect KEY [--secret FILE]
 *
 * Exit codes: 0 done, 1 failed (unreadable file, invalid key, …), 2 wrong usage.
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput, WordPress.PHP.DiscouragedPHPFunctions, WordPress.WP.GlobalVariablesOverride -- A command-line tool without WordPress: it writes to the terminal and to files directly.

// WordPress defines ABSPATH: this file must never run inside it (it would print and exit).
if ( 'cli' !== PHP_SAPI || defined( 'ABSPATH' ) ) {
	return;
}
// The plugin's class files refuse to load without ABSPATH; this process has no WordPress.
define( 'ABSPATH', dirname( __DIR__ ) . '/' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own constant, which the class files check.
require_once __DIR__ . '/../includes/Licensing/Levels.php';
require_once __DIR__ . '/../includes/Licensing/Verification.php';
require_once __DIR__ . '/../includes/Licensing/PublicKeys.php';
require_once __DIR__ . '/../includes/Licensing/LicenceKey.php';

use MonsterInsights\Reports\Licensing\LicenceKey;
use MonsterInsights\Reports\Licensing\Levels;
use MonsterInsights\Reports\Licensing\PublicKeys;

/**
 * A usage or input error: its message goes to stderr, its code is the exit status.
 */
final class Monsterinsights_Reports_Licence_Cli_Error extends \RuntimeException {
}

/**
 * The usage text.
 */
function monsterinsights_reports_licence_cli_usage(): string {
	return <<<'TXT'
Usage:
  php bin/licence-key.php keygen --out FILE [--key-id ID]
      Makes an Ed25519 key pair, writes the secret to FILE (JSON {key_id, secret}, mode 600; an
      existing file is never overwritten) and prints the line to add to PublicKeys::KEYS.
      ID defaults to mir-YYYY-1 (this year).
  php bin/licence-key.php mint --secret FILE --level LEVEL [--network] [--expires DATE|never]
                               [--issued-to NAME]
      Prints a licence key signed with the secret of FILE. LEVEL: basic, plus, pro or agency.
      --network makes a network licence. --expires YYYY-MM-DD (valid through that day, UTC),
      unix seconds, or never (the default).
  php bin/licence-key.php inspect KEY [--secret FILE]
      Prints the key's payload and whether its signature verifies against PublicKeys::KEYS (and the
      public key of FILE, when given). Exits 1 when the key is not valid.

Exit codes: 0 done, 1 failed, 2 wrong usage.

TXT;
}

/**
 * Splits the arguments into positionals and --options (--name value, --name=value, --flag).
 *
 * @param string[] $args  The arguments after the command.
 * @param string[] $flags Options without a value.
 * @return array{0: string[], 1: array<string, string|true>}
 * @throws Monsterinsights_Reports_Licence_Cli_Error On a repeated option or an option without its value.
 */
function monsterinsights_reports_licence_cli_parse( array $args, array $flags ): array {
	$positional = array();
	$options    = array();
	for ( $i = 0, $n = count( $args ); $i < $n; $i++ ) {
		$arg = $args[ $i ];
		if ( ! str_starts_with( $arg, '--' ) ) {
			$positional[] = $arg;
			continue;
		}
		$name  = substr( $arg, 2 );
		$value = true;
		if ( str_contains( $name, '=' ) ) {
			list( $name, $value ) = explode( '=', $name, 2 );
		} elseif ( ! in_array( $name, $flags, true ) ) {
			if ( $i + 1 >= $n ) {
				throw new Monsterinsights_Reports_Licence_Cli_Error( "--$name needs a value.", 2 );
			}
			$value = $args[ ++$i ];
		}
		if ( isset( $options[ $name ] ) ) {
			throw new Monsterinsights_Reports_Licence_Cli_Error( "--$name is given twice.", 2 );
		}
		$options[ $name ] = $value;
	}
	return array( $positional, $options );
}

/**
 * Refuses options a command does not know.
 *
 * @param array<string, string|true> $options The options.
 * @param string[]                   $known   The command's options.
 * @throws Monsterinsights_Reports_Licence_Cli_Error On an unknown option.
 */
function monsterinsights_reports_licence_cli_only( array $options, array $known ): void {
	$unknown = array_diff( array_keys( $options ), $known );
	if ( array() !== $unknown ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( 'Unknown option: --' . implode( ', --', $unknown ) . '.', 2 );
	}
}

/**
 * A string option's value.
 *
 * @param array<string, string|true> $options The options.
 * @param string                     $name    The option.
 * @param bool                       $required Whether it must be given.
 * @throws Monsterinsights_Reports_Licence_Cli_Error When missing or empty.
 */
function monsterinsights_reports_licence_cli_string( array $options, string $name, bool $required ): ?string {
	if ( ! isset( $options[ $name ] ) ) {
		if ( $required ) {
			throw new Monsterinsights_Reports_Licence_Cli_Error( "--$name is required.", 2 );
		}
		return null;
	}
	$value = $options[ $name ];
	if ( true === $value || '' === trim( $value ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( "--$name needs a value.", 2 );
	}
	return trim( $value );
}

/**
 * Reads a secret key file.
 *
 * @param string $file The file.
 * @return array{key_id: string, secret: string} The key id and the raw 64-byte secret.
 * @throws Monsterinsights_Reports_Licence_Cli_Error When unreadable or not a key file.
 */
function monsterinsights_reports_licence_cli_read_secret( string $file ): array {
	if ( ! is_file( $file ) || ! is_readable( $file ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( "Cannot read the secret key file $file.", 1 );
	}
	$data   = json_decode( (string) file_get_contents( $file ), true );
	$key_id = is_array( $data ) ? ( $data['key_id'] ?? null ) : null;
	$secret = is_array( $data ) && is_string( $data['secret'] ?? null ) ? base64_decode( $data['secret'], true ) : false;
	if ( ! is_string( $key_id ) || '' === $key_id || ! is_string( $secret ) || SODIUM_CRYPTO_SIGN_SECRETKEYBYTES !== strlen( $secret ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( "$file is not a secret key file: it needs JSON {\"key_id\": \"…\", \"secret\": \"<base64 of 64 bytes>\"}.", 1 );
	}
	return array(
		'key_id' => $key_id,
		'secret' => $secret,
	);
}

/**
 * `keygen`: writes a new secret key file and prints the public key line.
 *
 * @param string[] $args The arguments after the command.
 * @throws Monsterinsights_Reports_Licence_Cli_Error On wrong usage or when the file cannot be written.
 */
function monsterinsights_reports_licence_cli_keygen( array $args ): int {
	list( $positional, $options ) = monsterinsights_reports_licence_cli_parse( $args, array() );
	monsterinsights_reports_licence_cli_only( $options, array( 'out', 'key-id' ) );
	if ( array() !== $positional ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( 'keygen takes no argument: ' . implode( ' ', $positional ) . '.', 2 );
	}
	$out    = (string) monsterinsights_reports_licence_cli_string( $options, 'out', true );
	$key_id = monsterinsights_reports_licence_cli_string( $options, 'key-id', false ) ?? 'mir-' . gmdate( 'Y' ) . '-1';
	if ( 1 !== preg_match( '/^[A-Za-z0-9._-]{1,64}$/', $key_id ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( '--key-id: use 1 to 64 letters, digits, dots, hyphens or underscores.', 2 );
	}
	if ( file_exists( $out ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( "$out exists; a secret key file is never overwritten. Choose another --out.", 1 );
	}
	$pair   = sodium_crypto_sign_keypair();
	$secret = sodium_crypto_sign_secretkey( $pair );
	$public = sodium_crypto_sign_publickey( $pair );
	$json   = json_encode(
		array(
			'key_id' => $key_id,
			'secret' => base64_encode( $secret ),
		),
		JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES
	) . "\n";

	$umask  = umask( 0077 );
	$handle = @fopen( $out, 'x' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- The failure is reported below.
	umask( $umask );
	if ( false === $handle ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( "Cannot create $out.", 1 );
	}
	fwrite( $handle, $json );
	fclose( $handle );
	chmod( $out, 0600 );
	sodium_memzero( $secret );

	fwrite( STDERR, "Secret key written to $out (mode 600). Keep it out of the repository.\nAdd this line to PublicKeys::KEYS (includes/Licensing/PublicKeys.php):\n" );
	fwrite( STDOUT, sprintf( "'%s' => '%s',\n", $key_id, base64_encode( $public ) ) );
	return 0;
}

/**
 * `mint`: prints a new licence key.
 *
 * @param string[] $args The arguments after the command.
 * @throws Monsterinsights_Reports_Licence_Cli_Error On wrong usage or an unreadable secret.
 */
function monsterinsights_reports_licence_cli_mint( array $args ): int {
	list( $positional, $options ) = monsterinsights_reports_licence_cli_parse( $args, array( 'network' ) );
	monsterinsights_reports_licence_cli_only( $options, array( 'secret', 'level', 'network', 'expires', 'issued-to' ) );
	if ( array() !== $positional ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( 'mint takes no argument: ' . implode( ' ', $positional ) . '.', 2 );
	}
	$level = (string) monsterinsights_reports_licence_cli_string( $options, 'level', true );
	if ( ! in_array( $level, Levels::KEYED, true ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( '--level must be one of ' . implode( ', ', Levels::KEYED ) . ' (lite needs no key).', 2 );
	}
	$expires_arg = monsterinsights_reports_licence_cli_string( $options, 'expires', false ) ?? 'never';
	if ( 'never' === $expires_arg ) {
		$expires = null;
	} elseif ( 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/', $expires_arg ) ) {
		$day = \DateTimeImmutable::createFromFormat( '!Y-m-d', $expires_arg, new \DateTimeZone( 'UTC' ) );
		if ( false === $day || $day->format( 'Y-m-d' ) !== $expires_arg ) {
			throw new Monsterinsights_Reports_Licence_Cli_Error( "--expires: $expires_arg is not a real day.", 2 );
		}
		// Valid through that day (UTC): it expires at the start of the next.
		$expires = $day->modify( '+1 day' )->getTimestamp();
	} elseif ( 1 === preg_match( '/^\d{1,12}$/', $expires_arg ) && (int) $expires_arg > 0 ) {
		$expires = (int) $expires_arg;
	} else {
		throw new Monsterinsights_Reports_Licence_Cli_Error( '--expires takes YYYY-MM-DD, unix seconds or never.', 2 );
	}
	$issued_to = isset( $options['issued-to'] ) ? (string) monsterinsights_reports_licence_cli_string( $options, 'issued-to', true ) : '';
	if ( strlen( $issued_to ) > 200 ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( '--issued-to is longer than 200 bytes.', 2 );
	}
	$secret = monsterinsights_reports_licence_cli_read_secret( (string) monsterinsights_reports_licence_cli_string( $options, 'secret', true ) );

	if ( null !== $expires && $expires <= time() ) {
		fwrite( STDERR, "Warning: this key is already expired.\n" );
	}
	$key = LicenceKey::mint(
		array(
			'key_id'    => $secret['key_id'],
			'level'     => $level,
			'network'   => isset( $options['network'] ),
			'expires'   => $expires,
			'issued_to' => $issued_to,
		),
		$secret['secret']
	);
	fwrite( STDOUT, $key . "\n" );
	return 0;
}

/**
 * `inspect`: prints a key's payload and whether it verifies.
 *
 * @param string[] $args The arguments after the command.
 * @throws Monsterinsights_Reports_Licence_Cli_Error On wrong usage or an unreadable secret.
 */
function monsterinsights_reports_licence_cli_inspect( array $args ): int {
	list( $positional, $options ) = monsterinsights_reports_licence_cli_parse( $args, array() );
	monsterinsights_reports_licence_cli_only( $options, array( 'secret' ) );
	if ( 1 !== count( $positional ) ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( 'inspect takes one licence key.', 2 );
	}
	$key    = trim( $positional[0] );
	$parsed = LicenceKey::parse( $key );
	if ( null === $parsed ) {
		throw new Monsterinsights_Reports_Licence_Cli_Error( 'Not a licence key: it must be base64url(payload JSON).base64url(64-byte signature), with key_id, level (basic, plus, pro or agency), network, expires and issued_to in the payload.', 1 );
	}
	$keys = array();
	foreach ( PublicKeys::KEYS as $key_id => $public ) {
		$keys[ $key_id ] = (string) base64_decode( $public, true );
	}
	$secret_file = monsterinsights_reports_licence_cli_string( $options, 'secret', false );
	if ( null !== $secret_file ) {
		$secret                    = monsterinsights_reports_licence_cli_read_secret( $secret_file );
		$keys[ $secret['key_id'] ] = sodium_crypto_sign_publickey_from_secretkey( $secret['secret'] );
	}
	list( $error, $payload ) = LicenceKey::check( $key, $keys, time() );

	$expires = $parsed['payload']['expires'];
	fwrite( STDOUT, json_encode( $parsed['payload'], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n" );
	fwrite( STDOUT, 'expires: ' . ( null === $expires ? 'never' : gmdate( 'Y-m-d H:i:s', $expires ) . ' UTC' ) . "\n" );
	$status = array(
		''                      => 'valid',
		LicenceKey::UNKNOWN_KEY => 'unknown key id (not in PublicKeys::KEYS; pass --secret FILE to check against its key)',
		LicenceKey::FORGED      => 'FORGED: the signature does not verify',
		LicenceKey::EXPIRED     => 'expired (the signature verifies)',
	);
	fwrite( STDOUT, 'status: ' . ( $status[ $error ] ?? $error ) . "\n" );
	unset( $payload );
	return '' === $error ? 0 : 1;
}

$monsterinsights_reports_licence_cli_args    = array_slice( $argv, 1 );
$monsterinsights_reports_licence_cli_command = array_shift( $monsterinsights_reports_licence_cli_args );
try {
	switch ( $monsterinsights_reports_licence_cli_command ) {
		case 'keygen':
			$monsterinsights_reports_licence_cli_status = monsterinsights_reports_licence_cli_keygen( $monsterinsights_reports_licence_cli_args );
			break;
		case 'mint':
			$monsterinsights_reports_licence_cli_status = monsterinsights_reports_licence_cli_mint( $monsterinsights_reports_licence_cli_args );
			break;
		case 'inspect':
			$monsterinsights_reports_licence_cli_status = monsterinsights_reports_licence_cli_inspect( $monsterinsights_reports_licence_cli_args );
			break;
		case 'help':
		case '--help':
		case '-h':
			fwrite( STDOUT, monsterinsights_reports_licence_cli_usage() );
			$monsterinsights_reports_licence_cli_status = 0;
			break;
		default:
			if ( null !== $monsterinsights_reports_licence_cli_command ) {
				fwrite( STDERR, "Unknown command: $monsterinsights_reports_licence_cli_command\n\n" );
			}
			fwrite( STDERR, monsterinsights_reports_licence_cli_usage() );
			$monsterinsights_reports_licence_cli_status = 2;
	}
} catch ( Monsterinsights_Reports_Licence_Cli_Error $e ) {
	fwrite( STDERR, 'licence-key: ' . $e->getMessage() . "\nRun php bin/licence-key.php help for the usage.\n" );
	$monsterinsights_reports_licence_cli_status = $e->getCode();
}
exit( $monsterinsights_reports_licence_cli_status );
