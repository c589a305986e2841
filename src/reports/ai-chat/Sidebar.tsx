/**
 * The chats' sidebar: New Conversation (only while a chat is open), then the collapsible Pinned
 * Conversations and Recent blocks. A block is open while it has chats and closed while it has
 * none (each has an empty message), and cannot be toggled while the list loads. Each chat has a
 * menu: Pin or Unpin, Rename (a modal, at most 50 characters, prefilled with the title or the
 * first 50 characters of the preview; empty falls back to the preview) and Delete (confirmed).
 */
import {
	Button,
	DropdownMenu,
	MenuGroup,
	MenuItem,
	Modal,
	TextControl,
} from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { chevronDown, chevronUp, moreVertical, plus } from '@wordpress/icons';

import { TITLE_MAX, type ChatEntry, type ChatList } from '../../store/chat';

/** What the sidebar's controls do. */
export interface SidebarActions {
	/** The hash link of a chat, or of the new chat (null). */
	href: ( id: number | null ) => string;
	pin: ( entry: ChatEntry, pinned: boolean ) => void;
	rename: ( entry: ChatEntry, title: string ) => Promise< boolean >;
	remove: ( entry: ChatEntry ) => Promise< boolean >;
}

/**
 * A chat's name in the list: its title, else its preview.
 *
 * @param entry The chat.
 */
export const chatName = ( entry: ChatEntry ) =>
	entry.title || entry.preview || __( 'Untitled', 'monsterinsights-reports' );

/**
 * The rename field's first value: the title, else the first 50 characters of the preview.
 *
 * @param entry The chat.
 */
export const renameValue = ( entry: ChatEntry ) =>
	entry.title || Array.from( entry.preview ).slice( 0, TITLE_MAX ).join( '' );

/**
 * The rename modal.
 *
 * @param props         Component props.
 * @param props.entry   The chat.
 * @param props.onSave  Saves the title; resolves to whether it was saved.
 * @param props.onClose Closes the modal.
 */
function RenameModal( {
	entry,
	onSave,
	onClose,
}: {
	entry: ChatEntry;
	onSave: ( title: string ) => Promise< boolean >;
	onClose: () => void;
} ) {
	const [ title, setTitle ] = useState( () => renameValue( entry ) );
	const [ saving, setSaving ] = useState( false );
	return (
		<Modal
			title={ __( 'Rename conversation', 'monsterinsights-reports' ) }
			onRequestClose={ onClose }
			size="small"
		>
			<form
				onSubmit={ async ( event ) => {
					event.preventDefault();
					setSaving( true );
					if ( await onSave( title.trim() ) ) {
						onClose();
					} else {
						setSaving( false );
					}
				} }
			>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Name', 'monsterinsights-reports' ) }
					value={ title }
					maxLength={ TITLE_MAX }
					onChange={ ( value ) =>
						setTitle(
							Array.from( value ).slice( 0, TITLE_MAX ).join( '' )
						)
					}
					help={ sprintf(
						/* translators: 1: characters typed, 2: the most allowed (50). */
						__(
							'%1$d / %2$d characters. Leave it empty to name the conversation after its first question.',
							'monsterinsights-reports'
						),
						Array.from( title ).length,
						TITLE_MAX
					) }
				/>
				<div className="monsterinsights-reports-ai-chat__modal-buttons">
					<Button variant="tertiary" onClick={ onClose }>
						{ __( 'Cancel', 'monsterinsights-reports' ) }
					</Button>
					<Button
						variant="primary"
						type="submit"
						isBusy={ saving }
						disabled={ saving }
						accessibleWhenDisabled
					>
						{ __( 'Save', 'monsterinsights-reports' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}

/**
 * The delete confirmation.
 *
 * @param props           Component props.
 * @param props.entry     The chat.
 * @param props.onConfirm Deletes it; resolves to whether it was deleted.
 * @param props.onClose   Closes the modal.
 */
function DeleteModal( {
	entry,
	onConfirm,
	onClose,
}: {
	entry: ChatEntry;
	onConfirm: () => Promise< boolean >;
	onClose: () => void;
} ) {
	const [ deleting, setDeleting ] = useState( false );
	return (
		<Modal
			title={ __( 'Delete conversation?', 'monsterinsights-reports' ) }
			onRequestClose={ onClose }
			size="small"
		>
			<p>
				{ sprintf(
					/* translators: %s: the conversation's name. */
					__(
						'“%s” and all its messages will be deleted. This cannot be undone.',
						'monsterinsights-reports'
					),
					chatName( entry )
				) }
			</p>
			<div className="monsterinsights-reports-ai-chat__modal-buttons">
				<Button variant="tertiary" onClick={ onClose }>
					{ __( 'Cancel', 'monsterinsights-reports' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					isBusy={ deleting }
					disabled={ deleting }
					accessibleWhenDisabled
					onClick={ async () => {
						setDeleting( true );
						if ( ! ( await onConfirm() ) ) {
							setDeleting( false );
						}
					} }
				>
					{ __( 'Delete', 'monsterinsights-reports' ) }
				</Button>
			</div>
		</Modal>
	);
}

/**
 * One chat of a block, with its menu.
 *
 * @param props         Component props.
 * @param props.entry   The chat.
 * @param props.active  Whether it is the open chat.
 * @param props.actions What the controls do.
 */
function ChatItem( {
	entry,
	active,
	actions,
}: {
	entry: ChatEntry;
	active: boolean;
	actions: SidebarActions;
} ) {
	const [ modal, setModal ] = useState< 'rename' | 'delete' | null >( null );
	const name = chatName( entry );
	return (
		<li
			className={ `monsterinsights-reports-ai-chat__item${
				active ? ' is-active' : ''
			}` }
		>
			<a
				className="monsterinsights-reports-ai-chat__item-link"
				href={ actions.href( entry.id ) }
				aria-current={ active ? 'page' : undefined }
				title={ name }
			>
				{ name }
			</a>
			<DropdownMenu
				icon={ moreVertical }
				label={ sprintf(
					/* translators: %s: the conversation's name. */
					__( 'Actions for “%s”', 'monsterinsights-reports' ),
					name
				) }
				toggleProps={ { size: 'small' } }
				popoverProps={ { placement: 'bottom-end' } }
			>
				{ ( { onClose } ) => (
					<MenuGroup>
						<MenuItem
							onClick={ () => {
								onClose();
								actions.pin( entry, ! entry.is_pinned );
							} }
						>
							{ entry.is_pinned
								? __( 'Unpin', 'monsterinsights-reports' )
								: __( 'Pin', 'monsterinsights-reports' ) }
						</MenuItem>
						<MenuItem
							onClick={ () => {
								onClose();
								setModal( 'rename' );
							} }
						>
							{ __( 'Rename', 'monsterinsights-reports' ) }
						</MenuItem>
						<MenuItem
							isDestructive
							onClick={ () => {
								onClose();
								setModal( 'delete' );
							} }
						>
							{ __( 'Delete', 'monsterinsights-reports' ) }
						</MenuItem>
					</MenuGroup>
				) }
			</DropdownMenu>
			{ modal === 'rename' && (
				<RenameModal
					entry={ entry }
					onSave={ ( title ) => actions.rename( entry, title ) }
					onClose={ () => setModal( null ) }
				/>
			) }
			{ modal === 'delete' && (
				<DeleteModal
					entry={ entry }
					onConfirm={ () => actions.remove( entry ) }
					onClose={ () => setModal( null ) }
				/>
			) }
		</li>
	);
}

/**
 * A collapsible block of chats: open while it has chats, closed while it has none; not
 * togglable while the list loads.
 *
 * @param props           Component props.
 * @param props.title     Its heading.
 * @param props.entries   Its chats.
 * @param props.emptyText What it says without chats.
 * @param props.loading   Whether the list loads.
 * @param props.activeId  The open chat.
 * @param props.actions   What the controls do.
 */
function ChatBlock( {
	title,
	entries,
	emptyText,
	loading,
	activeId,
	actions,
}: {
	title: string;
	entries: ChatEntry[];
	emptyText: string;
	loading: boolean;
	activeId: number | null;
	actions: SidebarActions;
} ) {
	const has = entries.length > 0;
	const [ open, setOpen ] = useState( has );
	useEffect( () => setOpen( has ), [ has ] );
	const id = useInstanceId(
		ChatBlock,
		'monsterinsights-reports-ai-chat-block'
	);
	return (
		<div className="monsterinsights-reports-ai-chat__block">
			<h2 className="monsterinsights-reports-ai-chat__block-title">
				<Button
					className="monsterinsights-reports-ai-chat__block-toggle"
					aria-expanded={ open }
					aria-controls={ id }
					icon={ open ? chevronUp : chevronDown }
					iconPosition="right"
					disabled={ loading }
					accessibleWhenDisabled
					onClick={ () => setOpen( ! open ) }
				>
					{ title }
				</Button>
			</h2>
			<div id={ id } hidden={ ! open }>
				{ has ? (
					<ul className="monsterinsights-reports-ai-chat__items">
						{ entries.map( ( entry ) => (
							<ChatItem
								key={ entry.id }
								entry={ entry }
								active={ entry.id === activeId }
								actions={ actions }
							/>
						) ) }
					</ul>
				) : (
					<p className="monsterinsights-reports-ai-chat__empty">
						{ emptyText }
					</p>
				) }
			</div>
		</div>
	);
}

/**
 * The sidebar.
 *
 * @param props          Component props.
 * @param props.list     The chats; null until loaded.
 * @param props.loading  Whether the list loads.
 * @param props.activeId The open chat, or null.
 * @param props.actions  What the controls do.
 */
export function Sidebar( {
	list,
	loading,
	activeId,
	actions,
}: {
	list: ChatList | null;
	loading: boolean;
	activeId: number | null;
	actions: SidebarActions;
} ) {
	return (
		<aside
			className="monsterinsights-reports-ai-chat__sidebar"
			aria-label={ __( 'Conversations', 'monsterinsights-reports' ) }
		>
			{ activeId !== null && (
				<Button
					className="monsterinsights-reports-ai-chat__new"
					variant="primary"
					icon={ plus }
					href={ actions.href( null ) }
				>
					{ __( 'New Conversation', 'monsterinsights-reports' ) }
				</Button>
			) }
			<ChatBlock
				title={ __(
					'Pinned Conversations',
					'monsterinsights-reports'
				) }
				entries={ list?.pinned ?? [] }
				emptyText={ __(
					'No pinned conversations yet. Pin one from its menu to keep it here.',
					'monsterinsights-reports'
				) }
				loading={ loading }
				activeId={ activeId }
				actions={ actions }
			/>
			<ChatBlock
				title={ __( 'Recent', 'monsterinsights-reports' ) }
				entries={ list?.recent ?? [] }
				emptyText={ __(
					'No conversations yet. Ask a question to start one.',
					'monsterinsights-reports'
				) }
				loading={ loading }
				activeId={ activeId }
				actions={ actions }
			/>
		</aside>
	);
}
