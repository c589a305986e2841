import { Button, Icon } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { forwardRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { starEmpty, starFilled } from '@wordpress/icons';

import type { Note, NoteMedia } from '../../../store/notes';
import { badgeColors } from './colors';
import { safeUrl } from '../../../lib/safeUrl';

export interface NoteRowProps {
	note: Note;
	/** The user may change notes: the star is a button, Edit and Trash show. */
	canEdit: boolean;
	/** Emphasised, e.g. after its chart marker was clicked. */
	highlighted?: boolean;
	/** A star toggle of this note is being saved. */
	busy?: boolean;
	onToggleImportant: ( note: Note ) => void;
	onEdit: ( note: Note ) => void;
	onTrash: ( note: Note ) => void;
}

/**
 * A category's badge in its colour; nothing for a note without one.
 *
 * @param props          Component props.
 * @param props.category The note's category.
 */
export function CategoryBadge( {
	category,
}: {
	category: Note[ 'category' ];
} ) {
	if ( category.id <= 0 || category.name === '' ) {
		return null;
	}
	return (
		<span
			className="monsterinsights-reports-site-notes__category"
			style={ badgeColors( category.background_color ) }
		>
			{ category.name }
		</span>
	);
}

/**
 * A note's media: thumbnails (or titles) linking to the files.
 *
 * @param props        Component props.
 * @param props.medias The media.
 */
function MediaLinks( { medias }: { medias: NoteMedia[] } ) {
	const shown = medias.filter( ( media ) => safeUrl( media.url ) );
	if ( shown.length === 0 ) {
		return null;
	}
	return (
		<ul className="monsterinsights-reports-site-notes__medias">
			{ shown.map( ( media ) => {
				const thumbnail = safeUrl( media.thumbnail );
				const name = media.title || media.url;
				return (
					<li key={ media.id }>
						<a
							href={ safeUrl( media.url ) }
							target="_blank"
							rel="noreferrer"
						>
							{ thumbnail ? (
								<img
									src={ thumbnail }
									alt={ name }
									width={ 32 }
									height={ 32 }
								/>
							) : (
								name
							) }
						</a>
					</li>
				);
			} ) }
		</ul>
	);
}

/**
 * One row of the notes list: date, star, text, category badge, media and, for users who may
 * change notes, Edit and Trash. The text is rendered as text.
 */
export const NoteRow = forwardRef< HTMLButtonElement, NoteRowProps >(
	function NoteRow( props, editRef ) {
		const {
			note,
			canEdit,
			highlighted = false,
			busy = false,
			onToggleImportant,
			onEdit,
			onTrash,
		} = props;
		const instanceId = useInstanceId(
			NoteRow,
			'monsterinsights-reports-site-note'
		);
		const titleId = `${ instanceId }-title`;
		return (
			<li
				className={ [
					'monsterinsights-reports-site-notes__note',
					note.important && 'is-important',
					highlighted && 'is-highlighted',
				]
					.filter( Boolean )
					.join( ' ' ) }
				data-note-id={ note.id }
			>
				<span className="monsterinsights-reports-site-notes__date">
					{ note.note_date }
				</span>
				{ canEdit ? (
					<Button
						className="monsterinsights-reports-site-notes__star"
						icon={ note.important ? starFilled : starEmpty }
						label={ __(
							'Mark as important',
							'monsterinsights-reports'
						) }
						showTooltip={ false }
						aria-pressed={ note.important }
						aria-describedby={ titleId }
						isBusy={ busy }
						aria-disabled={ busy }
						onClick={ () => ! busy && onToggleImportant( note ) }
						size="small"
					/>
				) : (
					<span className="monsterinsights-reports-site-notes__star is-static">
						{ note.important && (
							<>
								<Icon icon={ starFilled } size={ 20 } />
								<span className="screen-reader-text">
									{ __(
										'Important',
										'monsterinsights-reports'
									) }
								</span>
							</>
						) }
					</span>
				) }
				<span
					id={ titleId }
					className="monsterinsights-reports-site-notes__title"
				>
					{ note.note_title }
				</span>
				<CategoryBadge category={ note.category } />
				<MediaLinks medias={ note.medias } />
				{ canEdit && (
					<span className="monsterinsights-reports-site-notes__actions">
						<Button
							ref={ editRef }
							variant="link"
							aria-describedby={ titleId }
							onClick={ () => onEdit( note ) }
						>
							{ __( 'Edit', 'monsterinsights-reports' ) }
						</Button>
						<Button
							variant="link"
							isDestructive
							aria-describedby={ titleId }
							onClick={ () => onTrash( note ) }
						>
							{ __( 'Trash', 'monsterinsights-reports' ) }
						</Button>
					</span>
				) }
			</li>
		);
	}
);
