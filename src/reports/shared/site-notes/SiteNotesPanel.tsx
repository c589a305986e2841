import { Button } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { plus } from '@wordpress/icons';

import { ErrorDialog } from '../../../components/Dialogs';
import { Loader } from '../../../components/Loader';
import { defaultDateQuery } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { appStore } from '../../../store/app';
import {
	notesStore,
	type Note,
	type NoteInput,
	type NotesQuery,
} from '../../../store/notes';
import { defaultNoteDate, draftOf, emptyDraft } from './draft';
import { NoteForm } from './NoteForm';
import { NoteRow } from './NoteRow';
import './style.scss';

export type NotesFilter = 'all' | 'important';

export interface SiteNotesPanelProps {
	/** The panel's element id, for the toggle's aria-controls. */
	id?: string;
	/** Ids of notes to emphasise, e.g. those of a clicked chart marker. */
	highlight?: readonly number[];
	className?: string;
}

/** Where focus goes after the view changes. */
type FocusTarget = { kind: 'add' } | { kind: 'edit'; id: number } | null;

/**
 * The site notes panel of the Overview (and eCommerce) (docs/product-rules.md#site-notes):
 *
 * - list view: filters All and Important with their counts for the report's date range, the
 *   notes (date, star, text, category, media), a loader while fetching, the empty text; it
 *   fetches again when the dates change;
 * - 'Add New Site Note' opens the create view (date = the range's end, or yesterday; category
 *   'Select Category'); saving clears the form, returns to the list and reloads the report;
 * - a row's Edit opens an inline editor; its star toggles important and saves at once.
 *
 * Users without the right to save settings see the list read-only.
 *
 * @param props Component props.
 */
export function SiteNotesPanel( props: SiteNotesPanelProps ) {
	const { id, highlight = [], className } = props;
	const instanceId = useInstanceId(
		SiteNotesPanel,
		'monsterinsights-reports-site-notes'
	);
	const headingId = `${ instanceId }-heading`;
	const [ view, setView ] = useState< 'list' | 'create' >( 'list' );
	const [ filter, setFilter ] = useState< NotesFilter >( 'all' );
	const [ editing, setEditing ] = useState< number | null >( null );
	const [ trashing, setTrashing ] = useState< Note | null >( null );
	const [ busy, setBusy ] = useState< readonly number[] >( [] );
	const [ notice, setNotice ] = useState< string | null >( null );
	const [ focusTarget, setFocusTarget ] = useState< FocusTarget >( null );
	const addRef = useRef< HTMLButtonElement >( null );
	const editRefs = useRef< Record< number, HTMLButtonElement | null > >( {} );

	const { start, end, rangeEnd, today, canEdit, locale } = useSelect(
		( select ) => {
			const app = select( appStore );
			const boot = app.getBoot();
			const chosen = app.getDateQuery();
			const query = chosen ?? defaultDateQuery( boot?.site.today ?? '' );
			return {
				start: query.start,
				end: query.end,
				rangeEnd: chosen?.end ?? null,
				today: boot?.site.today ?? null,
				canEdit: app.userCan( 'saveSettings' ),
				locale: boot?.user.locale ?? 'en_US',
			};
		},
		[]
	);

	const { list, error, loading } = useSelect(
		( select ) => {
			const query: NotesQuery =
				filter === 'important'
					? { start, end, important: true }
					: { start, end };
			const notes = select( notesStore );
			return {
				list: notes.getNotes( query ),
				error: notes.getNotesError( query ),
				loading: notes.isNotesLoading( query ),
			};
		},
		[ start, end, filter ]
	);

	// Both filters' counts come with either list; keep the last ones of this range while the
	// other filter's list loads.
	const counts = useRef< {
		range: string;
		all: number;
		important: number;
	} | null >( null );
	const range = `${ start }/${ end }`;
	if ( list ) {
		counts.current = {
			range,
			all: list.pagination.total_published,
			important: list.pagination.total_important,
		};
	}
	const shownCounts = counts.current?.range === range ? counts.current : null;

	const { createNote, updateNote, toggleImportant, trashNote } =
		useDispatch( notesStore );

	useEffect( () => {
		if ( ! focusTarget ) {
			return;
		}
		if ( focusTarget.kind === 'add' ) {
			addRef.current?.focus();
		} else {
			editRefs.current[ focusTarget.id ]?.focus();
		}
		setFocusTarget( null );
	}, [ focusTarget, list ] );

	const onToggleImportant = async ( note: Note ) => {
		setBusy( ( current ) => [ ...current, note.id ] );
		setNotice( null );
		const result = await toggleImportant( note );
		setBusy( ( current ) =>
			current.filter( ( other ) => other !== note.id )
		);
		if ( ! result.success ) {
			setNotice( result.error );
		}
	};

	const onConfirmTrash = async () => {
		const note = trashing;
		setTrashing( null );
		if ( ! note ) {
			return;
		}
		setNotice( null );
		const result = await trashNote( note.id );
		if ( ! result.success ) {
			setNotice( result.error );
		} else {
			setFocusTarget( canEdit ? { kind: 'add' } : null );
		}
	};

	const count = ( value: number | undefined ) =>
		value === undefined ? '' : ` (${ formatNumber( value, locale, 0 ) })`;

	const items = list?.items ?? [];

	return (
		<section
			id={ id }
			className={ [ 'monsterinsights-reports-site-notes', className ]
				.filter( Boolean )
				.join( ' ' ) }
			aria-labelledby={ headingId }
		>
			<div className="monsterinsights-reports-site-notes__header">
				<h2 id={ headingId }>
					{ __( 'Site Notes', 'monsterinsights-reports' ) }
				</h2>
				{ view === 'list' && (
					<div
						className="monsterinsights-reports-site-notes__filters"
						role="group"
						aria-label={ __(
							'Filter site notes',
							'monsterinsights-reports'
						) }
					>
						<Button
							variant="tertiary"
							aria-pressed={ filter === 'all' }
							onClick={ () => setFilter( 'all' ) }
						>
							{ __( 'All', 'monsterinsights-reports' ) +
								count( shownCounts?.all ) }
						</Button>
						<Button
							variant="tertiary"
							aria-pressed={ filter === 'important' }
							onClick={ () => setFilter( 'important' ) }
						>
							{ __( 'Important', 'monsterinsights-reports' ) +
								count( shownCounts?.important ) }
						</Button>
					</div>
				) }
				{ view === 'list' && canEdit && (
					<Button
						ref={ addRef }
						variant="secondary"
						icon={ plus }
						className="monsterinsights-reports-site-notes__add"
						onClick={ () => {
							setEditing( null );
							setView( 'create' );
						} }
						__next40pxDefaultSize
					>
						{ __( 'Add New Site Note', 'monsterinsights-reports' ) }
					</Button>
				) }
			</div>

			{ notice !== null && (
				<div
					className="notice notice-error inline monsterinsights-reports-site-notes__notice"
					role="alert"
				>
					<p>{ notice }</p>
				</div>
			) }

			{ view === 'create' && canEdit && (
				<div className="monsterinsights-reports-site-notes__create">
					<h3>
						{ __( 'Add New Site Note', 'monsterinsights-reports' ) }
					</h3>
					<NoteForm
						label={ __(
							'Add New Site Note',
							'monsterinsights-reports'
						) }
						initial={ emptyDraft(
							defaultNoteDate( rangeEnd, today )
						) }
						onSubmit={ ( input: NoteInput ) => createNote( input ) }
						onSaved={ () => {
							setView( 'list' );
							setFocusTarget( { kind: 'add' } );
						} }
						onCancel={ () => {
							setView( 'list' );
							setFocusTarget( { kind: 'add' } );
						} }
					/>
				</div>
			) }

			{ view === 'list' && (
				<div
					className="monsterinsights-reports-site-notes__list"
					aria-busy={ loading }
				>
					{ ! list && error !== undefined && (
						<div
							className="notice notice-error inline"
							role="alert"
						>
							<p>{ error }</p>
						</div>
					) }
					{ ! list && error === undefined && (
						<Loader
							label={ __(
								'Loading site notes…',
								'monsterinsights-reports'
							) }
						/>
					) }
					{ list && items.length === 0 && (
						<p className="monsterinsights-reports-site-notes__empty">
							{ __(
								'There aren’t any site notes. Go ahead and create one!',
								'monsterinsights-reports'
							) }
						</p>
					) }
					{ items.length > 0 && (
						<ul className="monsterinsights-reports-site-notes__notes">
							{ items.map( ( note ) =>
								editing === note.id && canEdit ? (
									<li
										key={ note.id }
										className="monsterinsights-reports-site-notes__note is-editing"
									>
										<NoteForm
											label={ sprintf(
												/* translators: %s: the note's text. */
												__(
													'Edit site note: %s',
													'monsterinsights-reports'
												),
												note.note_title
											) }
											initial={ draftOf( note ) }
											category={ note.category }
											onSubmit={ ( input: NoteInput ) =>
												updateNote( note.id, input )
											}
											onSaved={ () => {
												setEditing( null );
												setFocusTarget( {
													kind: 'edit',
													id: note.id,
												} );
											} }
											onCancel={ () => {
												setEditing( null );
												setFocusTarget( {
													kind: 'edit',
													id: note.id,
												} );
											} }
										/>
									</li>
								) : (
									<NoteRow
										key={ note.id }
										ref={ ( element ) => {
											editRefs.current[ note.id ] =
												element;
										} }
										note={ note }
										canEdit={ canEdit }
										highlighted={ highlight.includes(
											note.id
										) }
										busy={ busy.includes( note.id ) }
										onToggleImportant={ onToggleImportant }
										onEdit={ ( edited ) =>
											setEditing( edited.id )
										}
										onTrash={ setTrashing }
									/>
								)
							) }
						</ul>
					) }
				</div>
			) }

			{ trashing && (
				<ErrorDialog
					title={ __( 'Move to Trash', 'monsterinsights-reports' ) }
					text={ sprintf(
						/* translators: %s: the note's text. */
						__(
							'Move the site note “%s” to the trash?',
							'monsterinsights-reports'
						),
						trashing.note_title
					) }
					confirmLabel={ __(
						'Move to Trash',
						'monsterinsights-reports'
					) }
					onConfirm={ onConfirmTrash }
					onCancel={ () => {
						const note = trashing;
						setTrashing( null );
						setFocusTarget( { kind: 'edit', id: note.id } );
					} }
				/>
			) }
		</section>
	);
}
