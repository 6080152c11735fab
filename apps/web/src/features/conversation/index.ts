export { ConversationTab } from './components/conversation-tab';
