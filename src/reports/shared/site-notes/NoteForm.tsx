import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { starEmpty, starFilled } from '@wordpress/icons';
import type { FormEvent } from 'react';

import {
	notesStore,
	type Note,
	type NoteCategoryRef,
	type NoteInput,
	type NoteWriteResult,
} from '../../../store/notes';
import {
	EARLIEST,
	LATEST,
	toInput,
	validateDraft,
	type DraftErrors,
	type NoteDraft,
} from './draft';
import { appStore } from '../../../store/app';
import { safeUrl } from '../../../lib/safeUrl';
import { openMediaModal } from './media';
import { loadMediaLibrary } from './mediaLibrary';

export interface NoteFormProps {
	/** The values the form starts with. */
	initial: NoteDraft;
	/** Saves the note; resolves to the saved note or the server's error. */
	onSubmit: ( input: NoteInput ) => Promise< NoteWriteResult< Note > >;
	/** After a successful save. */
	onSaved: ( note: Note ) => void;
	onCancel: () => void;
	/** The form's accessible name, e.g. 'Add New Site Note'. */
	label: string;
	/** The edited note's category, offered even before the categories load. */
	category?: NoteCategoryRef;
	className?: string;
}

/**
 * The site note form of the create view and of a row's inline editor
 * (docs/product-rules.md#site-notes): date, star, text, media and category, Save and Cancel. Its
 * own rules show inline; the server's refusal shows in a notice.
 *
 * @param props Component props.
 */
export function NoteForm( props: NoteFormProps ) {
	const { initial, onSubmit, onSaved, onCancel, label, category, className } =
		props;
	const instanceId = useInstanceId(
		NoteForm,
		'monsterinsights-reports-note-form'
	);
	const [ draft, setDraft ] = useState< NoteDraft >( initial );
	const [ errors, setErrors ] = useState< DraftErrors >( {} );
	const [ serverError, setServerError ] = useState< string | null >( null );
	const [ saving, setSaving ] = useState( false );
	const titleRef = useRef< HTMLInputElement >( null );
	const dateRef = useRef< HTMLInputElement >( null );
	const mounted = useRef( true );
	const loaded = useSelect(
		( select ) => select( notesStore ).getNoteCategories(),
		[]
	);
	const canUseMedia = useSelect(
		( select ) => select( appStore ).userCan( 'uploadFiles' ),
		[]
	);
	// The media modal loads when first asked for (mediaLibrary.ts).
	const [ mediaLoading, setMediaLoading ] = useState( false );
	const [ mediaError, setMediaError ] = useState( false );
	const categories: NoteCategoryRef[] = [ ...( loaded ?? [] ) ];
	if (
		category &&
		category.id > 0 &&
		! categories.some( ( other ) => other.id === category.id )
	) {
		categories.push( category );
	}

	useEffect( () => {
		mounted.current = true;
		titleRef.current?.focus();
		return () => {
			mounted.current = false;
		};
	}, [] );

	const change = < K extends keyof NoteDraft >(
		key: K,
		value: NoteDraft[ K ]
	) => {
		setDraft( ( current ) => ( { ...current, [ key ]: value } ) );
		if ( key === 'note_title' || key === 'note_date' ) {
			setErrors( ( current ) => ( { ...current, [ key ]: undefined } ) );
		}
	};

	const submit = async ( event: FormEvent< HTMLFormElement > ) => {
		event.preventDefault();
		if ( saving ) {
			return;
		}
		const found = validateDraft( draft );
		setErrors( found );
		if ( found.note_date ) {
			dateRef.current?.focus();
			return;
		}
		if ( found.note_title ) {
			titleRef.current?.focus();
			return;
		}
		setServerError( null );
		setSaving( true );
		const result = await onSubmit( toInput( draft ) );
		if ( ! mounted.current ) {
			return;
		}
		setSaving( false );
		if ( result.success ) {
			onSaved( result.data );
		} else {
			setServerError( result.error );
		}
	};

	const openModal = () =>
		openMediaModal( {
			title: __(
				'Add Media to the Site Note',
				'monsterinsights-reports'
			),
			button: __( 'Add to Site Note', 'monsterinsights-reports' ),
			onSelect: ( chosen ) =>
				setDraft( ( current ) => ( {
					...current,
					medias: [
						...current.medias,
						...chosen.filter(
							( media ) =>
								! current.medias.some(
									( other ) => other.id === media.id
								)
						),
					],
				} ) ),
		} );

	const addMedia = async () => {
		if ( mediaLoading ) {
			return;
		}
		setMediaError( false );
		setMediaLoading( true );
		try {
			await loadMediaLibrary();
		} catch {
			if ( mounted.current ) {
				setMediaLoading( false );
				setMediaError( true );
			}
			return;
		}
		if ( ! mounted.current ) {
			return;
		}
		setMediaLoading( false );
		if ( ! openModal() ) {
			setMediaError( true );
		}
	};

	const errorId = ( field: string ) => `${ instanceId }-${ field }-error`;

	return (
		<form
			className={ [ 'monsterinsights-reports-note-form', className ]
				.filter( Boolean )
				.join( ' ' ) }
			aria-label={ label }
			onSubmit={ submit }
			noValidate
		>
			{ serverError !== null && (
				<div
					className="notice notice-error inline monsterinsights-reports-note-form__notice"
					role="alert"
				>
					<p>{ serverError }</p>
				</div>
			) }
			<div className="monsterinsights-reports-note-form__row">
				<div
					className={
						'monsterinsights-reports-note-form__date' +
						( errors.note_date ? ' has-error' : '' )
					}
				>
					<TextControl
						ref={ dateRef }
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						type="date"
						label={ __( 'Date', 'monsterinsights-reports' ) }
						value={ draft.note_date }
						min={ EARLIEST }
						max={ LATEST }
						required
						aria-invalid={ errors.note_date ? true : undefined }
						aria-describedby={
							errors.note_date ? errorId( 'date' ) : undefined
						}
						onChange={ ( value ) => change( 'note_date', value ) }
					/>
					{ errors.note_date && (
						<p
							id={ errorId( 'date' ) }
							className="monsterinsights-reports-note-form__error"
						>
							{ errors.note_date }
						</p>
					) }
				</div>
				<Button
					className="monsterinsights-reports-note-form__star"
					icon={ draft.important ? starFilled : starEmpty }
					aria-pressed={ draft.important }
					onClick={ () => change( 'important', ! draft.important ) }
					__next40pxDefaultSize
				>
					{ __( 'Important', 'monsterinsights-reports' ) }
				</Button>
			</div>
			<div
				className={
					'monsterinsights-reports-note-form__text' +
					( errors.note_title ? ' has-error' : '' )
				}
			>
				<TextControl
					ref={ titleRef }
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Site Note', 'monsterinsights-reports' ) }
					value={ draft.note_title }
					required
					autoComplete="off"
					aria-invalid={ errors.note_title ? true : undefined }
					aria-describedby={
						errors.note_title ? errorId( 'title' ) : undefined
					}
					onChange={ ( value ) => change( 'note_title', value ) }
				/>
				{ errors.note_title && (
					<p
						id={ errorId( 'title' ) }
						className="monsterinsights-reports-note-form__error"
					>
						{ errors.note_title }
					</p>
				) }
			</div>
			<fieldset className="monsterinsights-reports-note-form__media">
				<legend>{ __( 'Media', 'monsterinsights-reports' ) }</legend>
				{ draft.medias.length > 0 && (
					<ul className="monsterinsights-reports-note-form__medias">
						{ draft.medias.map( ( media ) => (
							<li key={ media.id }>
								{ safeUrl( media.thumbnail ) && (
									<img
										src={ safeUrl( media.thumbnail ) }
										alt=""
										width={ 40 }
										height={ 40 }
									/>
								) }
								<span>{ media.title || media.url }</span>
								<Button
									variant="link"
									isDestructive
									aria-label={ sprintf(
										/* translators: %s: a media file's title. */
										__(
											'Remove %s',
											'monsterinsights-reports'
										),
										media.title || media.url
									) }
									onClick={ () =>
										change(
											'medias',
											draft.medias.filter(
												( other ) =>
													other.id !== media.id
											)
										)
									}
								>
									{ __(
										'Remove',
										'monsterinsights-reports'
									) }
								</Button>
							</li>
						) ) }
					</ul>
				) }
				{ canUseMedia ? (
					<>
						<Button
							variant="secondary"
							onClick={ addMedia }
							isBusy={ mediaLoading }
							aria-disabled={ mediaLoading }
							__next40pxDefaultSize
						>
							{ __( 'Add Media', 'monsterinsights-reports' ) }
						</Button>
						{ mediaError && (
							<p
								className="monsterinsights-reports-note-form__error"
								role="alert"
							>
								{ __(
									'The media library could not be loaded. Please try again.',
									'monsterinsights-reports'
								) }
							</p>
						) }
					</>
				) : (
					draft.medias.length === 0 && (
						<p className="monsterinsights-reports-note-form__hint">
							{ __(
								'The media library is not available here.',
								'monsterinsights-reports'
							) }
						</p>
					)
				) }
			</fieldset>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				className="monsterinsights-reports-note-form__category"
				label={ __( 'Category', 'monsterinsights-reports' ) }
				value={ String( draft.category ) }
				options={ [
					{
						value: '0',
						label: __(
							'Select Category',
							'monsterinsights-reports'
						),
					},
					...categories.map( ( option ) => ( {
						value: String( option.id ),
						label: option.name,
					} ) ),
				] }
				onChange={ ( value: string ) =>
					change( 'category', Number( value ) || 0 )
				}
			/>
			<div className="monsterinsights-reports-note-form__actions">
				<Button
					type="submit"
					variant="primary"
					isBusy={ saving }
					aria-disabled={ saving }
					__next40pxDefaultSize
				>
					{ __( 'Save', 'monsterinsights-reports' ) }
				</Button>
				<Button
					variant="tertiary"
					onClick={ onCancel }
					__next40pxDefaultSize
				>
					{ __( 'Cancel', 'monsterinsights-reports' ) }
				</Button>
			</div>
		</form>
	);
}
