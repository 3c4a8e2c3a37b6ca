-- The displays area's schema changes (reserved slot; replace this statement).
select 1;
