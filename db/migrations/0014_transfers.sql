-- The transfers area's schema changes (reserved slot; replace this statement).
select 1;
