from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("organize/", views.organize, name="organize"),
]
